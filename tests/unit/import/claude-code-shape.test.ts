// docs/import.md#claude-code — the shape of a Claude Code session's run: a person's
// session is interactive; a headless `claude -p` session (entrypoint sdk-cli) is
// autonomous, or one attempt of a loop when the upload joins sessions into a named run.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { StoredRun } from "@/lib/schemas/records";
import { importFixture } from "@/tests/support/import";

const EXAMPLES = path.resolve(import.meta.dirname, "../../..", "examples");
const read = (file: string) => readFileSync(path.join(EXAMPLES, file));
const shapeOf = async (file: string, runId: string | null = null) => {
  const r = await importFixture("claude-code", read(file), { runId });
  return (r.records.filter((x) => x.type === "run") as StoredRun[]).map((x) => x.shape);
};

describe("the shape of a Claude Code session", () => {
  test("a session a person prompts is interactive", async () => {
    expect(await shapeOf("claude-code/stuck-session.jsonl")).toEqual(["interactive"]);
  });

  test("a headless claude -p session is autonomous on its own, and a loop's attempt under a named run", async () => {
    expect(await shapeOf("loop-script/session-1.jsonl")).toEqual(["autonomous"]);
    expect(await shapeOf("loop-script/session-1.jsonl", "nightly")).toEqual(["loop"]);
  });
});
