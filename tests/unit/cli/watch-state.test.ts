// The state file of `loopscope watch` and its options (docs/import.md#watching-a-live-session).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { parseSeconds } from "@/bin/cli/main";
import { defaultStateFile, readWatchState, writeWatchState } from "@/bin/cli/watch-state";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "loopscope-watch-state-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("the watch state file", () => {
  test("what was written is read back; the temporary file is gone", () => {
    const file = path.join(dir, ".loopscope-watch.json");
    const sent = { "/logs/a.jsonl": { size: 120, mtime_ms: 1772619600123.456 } };
    writeWatchState(file, sent);
    expect(readWatchState(file)).toEqual({ sent });
    expect(readdirSync(dir)).toEqual([".loopscope-watch.json"]);
  });

  test("no state file is an empty state, without a warning", () => {
    expect(readWatchState(path.join(dir, "none.json"))).toEqual({ sent: {} });
  });

  test.each([
    ["not JSON", "{"],
    ["another JSON file", '{"name":"loopscope"}'],
  ])("a state file that is %s starts afresh, with a warning naming it", (_, text) => {
    const file = path.join(dir, "state.json");
    writeFileSync(file, text);
    expect(readWatchState(file)).toEqual({
      sent: {},
      warning: `the state file ${file} is not a watch state: starting afresh`,
    });
  });

  test("by default it lives in the first DIR, or beside the first PATH when that is a file", () => {
    mkdirSync(path.join(dir, "logs"));
    writeFileSync(path.join(dir, "logs/a.jsonl"), "");
    expect(defaultStateFile(path.join(dir, "logs"))).toBe(path.join(dir, "logs/.loopscope-watch.json"));
    expect(defaultStateFile(path.join(dir, "logs/a.jsonl"))).toBe(path.join(dir, "logs/.loopscope-watch.json"));
  });
});

describe("--interval and --quiet-s", () => {
  test("seconds, fractions allowed; absent is the default", () => {
    expect(parseSeconds("--interval", "0.5", 2, false)).toBe(0.5);
    expect(parseSeconds("--interval", undefined, 2, false)).toBe(2);
    expect(parseSeconds("--quiet-s", "0", 3, true)).toBe(0);
  });

  test.each([
    ["--interval", "0", false, '--interval must be a number of seconds above 0; got "0"'],
    ["--interval", "2s", false, '--interval must be a number of seconds above 0; got "2s"'],
    ["--quiet-s", "-1", true, '--quiet-s must be a number of seconds; got "-1"'],
  ])("%s %s is a usage error", (flag, value, zeroOk, message) => {
    expect(() => parseSeconds(flag, value, 1, zeroOk)).toThrow(message);
  });
});
