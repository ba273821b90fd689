// Which files `loopscope watch` sends at a poll (docs/import.md#watching-a-live-session):
// new or changed since the last send, and quiet for the quiet time on this machine's clock.
import { describe, expect, test } from "vitest";
import { filesToSend, markOf, type FileStat, type WatchMemory } from "@/bin/cli/watch-plan";

const QUIET_MS = 3_000;
const T = 1_772_619_600_000; // 2026-03-04T10:20:00Z

const stat = (file: string, size: number, mtimeMs: number): FileStat => ({ file: `/logs/${file}`, size, mtimeMs });
const EMPTY: WatchMemory = { sent: {}, seen: {} };

/** Run polls in order, sending what is due and marking it sent; the files sent at each poll. */
function polls(steps: { nowMs: number; stats: FileStat[] }[], start: WatchMemory = EMPTY): string[][] {
  const memory: WatchMemory = { sent: { ...start.sent }, seen: { ...start.seen } };
  return steps.map(({ nowMs, stats }) => {
    const { send, seen } = filesToSend(memory, stats, nowMs, QUIET_MS);
    memory.seen = seen;
    for (const s of send) memory.sent[s.file] = markOf(s);
    return send.map((s) => s.file.replace("/logs/", ""));
  });
}

describe("filesToSend", () => {
  test("a file first met that was last written before the quiet time is sent at once", () => {
    expect(polls([{ nowMs: T, stats: [stat("a.jsonl", 100, T - 60_000)] }])).toEqual([["a.jsonl"]]);
  });

  test("a file first met while it is being written waits until it has been quiet", () => {
    // poll:      T        T+2s     T+4s
    // a.jsonl    100@T-1s 100      100      → quiet since T-1s: sent at T+2s
    const a = stat("a.jsonl", 100, T - 1_000);
    expect(
      polls([
        { nowMs: T, stats: [a] },
        { nowMs: T + 2_000, stats: [a] },
        { nowMs: T + 4_000, stats: [a] },
      ]),
    ).toEqual([[], ["a.jsonl"], []]);
  });

  test("a file that grows is sent again once it stops growing, and not while it grows", () => {
    // poll:   T: 100 (old) · T+2s: 150 · T+4s: 200 · T+6s: 200 · T+8s: 200
    const at = (size: number, mtimeMs: number) => [stat("a.jsonl", size, mtimeMs)];
    expect(
      polls([
        { nowMs: T, stats: at(100, T - 60_000) },
        { nowMs: T + 2_000, stats: at(150, T + 1_900) },
        { nowMs: T + 4_000, stats: at(200, T + 3_900) },
        { nowMs: T + 6_000, stats: at(200, T + 3_900) },
        { nowMs: T + 8_000, stats: at(200, T + 3_900) },
      ]),
    ).toEqual([["a.jsonl"], [], [], [], ["a.jsonl"]]);
  });

  test("quiet is measured on this machine's clock, not the file's: an mtime far in the past does not hurry a change", () => {
    // a network filesystem's clock 10 minutes behind: the change seen at T+2s waits until T+5s
    const skew = -600_000;
    const at = (size: number, dt: number) => [stat("a.jsonl", size, T + dt + skew)];
    expect(
      polls([
        { nowMs: T, stats: at(100, 0) },
        { nowMs: T + 2_000, stats: at(120, 2_000) },
        { nowMs: T + 4_000, stats: at(120, 2_000) },
        { nowMs: T + 6_000, stats: at(120, 2_000) },
      ]),
    ).toEqual([["a.jsonl"], [], [], ["a.jsonl"]]);
  });

  test("a touched file (same size, new mtime) is sent again; an unchanged one never", () => {
    const start: WatchMemory = { sent: { "/logs/a.jsonl": { size: 100, mtime_ms: T - 60_000 } }, seen: {} };
    expect(polls([{ nowMs: T, stats: [stat("a.jsonl", 100, T - 60_000)] }], start)).toEqual([[]]);
    expect(polls([{ nowMs: T, stats: [stat("a.jsonl", 100, T - 30_000)] }], start)).toEqual([["a.jsonl"]]);
  });

  test("a restart with the state sends only what changed while it was down", () => {
    const sent = {
      "/logs/a.jsonl": { size: 100, mtime_ms: T - 60_000 },
      "/logs/b.jsonl": { size: 50, mtime_ms: T - 60_000 },
    };
    const stats = [stat("a.jsonl", 100, T - 60_000), stat("b.jsonl", 80, T - 20_000), stat("c.jsonl", 10, T - 20_000)];
    expect(polls([{ nowMs: T, stats }], { sent, seen: {} })).toEqual([["b.jsonl", "c.jsonl"]]);
  });

  test("files are sent in the order they were found; a vanished file is forgotten by `seen`, not by the state", () => {
    const memory: WatchMemory = { sent: { "/logs/gone.jsonl": { size: 1, mtime_ms: 1 } }, seen: {} };
    const { send, seen } = filesToSend(
      memory,
      [stat("b.jsonl", 1, T - 9_000), stat("a.jsonl", 1, T - 9_000)],
      T,
      QUIET_MS,
    );
    expect(send.map((s) => s.file)).toEqual(["/logs/b.jsonl", "/logs/a.jsonl"]);
    expect(Object.keys(seen)).toEqual(["/logs/b.jsonl", "/logs/a.jsonl"]);
    expect(memory.sent["/logs/gone.jsonl"]).toBeDefined();
  });

  test("with no quiet time a change is sent at the poll that sees it", () => {
    const memory: WatchMemory = { sent: {}, seen: { "/logs/a.jsonl": { size: 1, mtimeMs: T, sinceMs: T } } };
    expect(filesToSend(memory, [stat("a.jsonl", 2, T + 1_000)], T + 1_000, 0).send).toHaveLength(1);
  });
});
