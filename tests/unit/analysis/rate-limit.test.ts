// docs/analysis.md#rate-limit: rolling-hour peak (t − 1 h, t], the first 80 % and
// 100 % of max_calls_per_hour, and the waits of a FIFO limiter — the longest
// one and how much later the last call would have run, never their sum.
import { describe, expect, test } from "vitest";
import { replayRateLimit, startRateLimit } from "@/lib/analysis/rate-limit";
import { iso, makeEvent, us } from "./tool-side-factories";

const H = 3600;
const times = (...secs: number[]) => secs.map(us);

describe("rolling hour", () => {
  test.each([
    { secs: [0, H], peak: 1 }, // t − 1 h is outside (t − 1 h, t]
    { secs: [0, H - 0.000001], peak: 2 },
    { secs: [0, 0, 0], peak: 3 }, // simultaneous calls all count
    { secs: [], peak: 0 },
  ])("calls at $secs s peak at $peak per hour", async ({ secs, peak }) => {
    expect((await replayRateLimit(times(...secs), 100)).peak_per_hour).toBe(peak);
  });
  test.each([
    { max: 5, warnIndex: 3 }, // 80 % of 5 = 4 calls → the 4th call
    { max: 10, warnIndex: 7 }, // 8 calls → the 8th
    { max: 7, warnIndex: 5 }, // 5.6 → reached at the 6th call
  ])("warning at the call where the count first reaches 80 % of $max", async ({ max, warnIndex }) => {
    const secs = Array.from({ length: max }, (_, i) => i);
    const r = await replayRateLimit(times(...secs), max);
    expect(r.warning_at).toBe(iso(warnIndex));
    expect(r.pause_at).toBe(iso(max - 1)); // 100 %: the max-th call
  });
  test("below 80 % neither warning_at nor pause_at is reported", async () => {
    const r = await replayRateLimit(times(0, 1, 2), 5);
    expect(r).toEqual({ peak_per_hour: 3, waited_calls: 0, max_wait_ms: 0, extra_duration_ms: 0 });
    expect("warning_at" in r).toBe(false);
  });
});

/** Every call's wait (ms) under the FIFO rule, the plain way: a reference for the sums the report leaves out. */
function fifoWaitsMs(secs: number[], max: number): number[] {
  const runs: number[] = [];
  return secs.map((t, i) => {
    const runAt = i >= max ? Math.max(t, runs[i - max]! + H) : t;
    runs.push(runAt);
    return (runAt - t) * 1000;
  });
}

describe("FIFO limiter", () => {
  test("no call waits: every wait figure is 0", async () => {
    const r = await replayRateLimit(times(0, 10, 20), 3);
    expect(r).toMatchObject({ waited_calls: 0, max_wait_ms: 0, extra_duration_ms: 0 });
  });
  test("call N+1 waits until one hour after call 1 ran", async () => {
    // max 2: calls at 0, 10, 20 → the third runs at 3600 (waits 3580 s); it is the last call
    const r = await replayRateLimit(times(0, 10, 20), 2);
    expect(r).toMatchObject({ waited_calls: 1, max_wait_ms: 3_580_000, extra_duration_ms: 3_580_000 });
  });
  test("waits cascade: a delayed call pushes the call N later", async () => {
    // max 1: 0 → runs 0; 1 → runs 3600 (3599 s); 2 → runs 7200 (7198 s)
    const r = await replayRateLimit(times(0, 1, 2), 1);
    expect(r).toMatchObject({ waited_calls: 2, max_wait_ms: 7_198_000, extra_duration_ms: 7_198_000 });
  });
  test.each([10, 100, 1000])(
    "a backlog of %i calls: the sum of the waits grows with the square, the longest wait and the extra duration linearly",
    async (calls) => {
      // max 1, one call a second: call i runs at i h, so it waits i × 3599 s
      // 0 ──1──2──3── …        runs at 0, 1 h, 2 h, 3 h, …
      const secs = Array.from({ length: calls }, (_, i) => i);
      const r = await replayRateLimit(times(...secs), 1);
      const sum = fifoWaitsMs(secs, 1).reduce((a, b) => a + b, 0);
      expect(sum).toBe(((3599 * calls * (calls - 1)) / 2) * 1000);
      expect(r).toMatchObject({
        waited_calls: calls - 1,
        max_wait_ms: 3599 * (calls - 1) * 1000,
        extra_duration_ms: 3599 * (calls - 1) * 1000,
      });
    },
  );
  test("the extra duration is the last call's wait: 0 when it did not wait, though an earlier call did", async () => {
    // max 1: 0 → runs 0; 1 → runs 3600 (waits 3599 s); 10 000 → after 7200, runs on time
    const r = await replayRateLimit(times(0, 1, 10_000), 1);
    expect(r).toMatchObject({ waited_calls: 1, max_wait_ms: 3_599_000, extra_duration_ms: 0 });
  });
  test("the extra duration is the last call's wait, not the longest", async () => {
    // max 1: 0 → 0; 1 → 3600 (3599 s); 4000 → 7200 (3200 s)
    const r = await replayRateLimit(times(0, 1, 4000), 1);
    expect(r).toMatchObject({ waited_calls: 2, max_wait_ms: 3_599_000, extra_duration_ms: 3_200_000 });
  });
  test("200 simultaneous calls with max 100: the second hundred each wait one hour", async () => {
    const r = await replayRateLimit(
      Array.from({ length: 200 }, () => us(0)),
      100,
    );
    expect(r).toMatchObject({
      peak_per_hour: 200,
      waited_calls: 100,
      max_wait_ms: H * 1000,
      extra_duration_ms: H * 1000,
    });
  });
  test("a call exactly one hour after call i−N ran does not wait", async () => {
    expect((await replayRateLimit(times(0, H), 1)).waited_calls).toBe(0);
  });
});

describe("calls", () => {
  test("api_request events merge with the span times in time order; other events do not count", () => {
    // calls at 0, 5 (event), 10, 20 (event): the 3rd call, the one that reaches the limit, is the span at 10 s
    const events = [makeEvent("api_request", 5), makeEvent("api_error", 6), makeEvent("api_request", 20)];
    const replay = startRateLimit(3, events);
    for (const t of times(0, 10)) replay.step(t);
    expect(replay.finish()).toMatchObject({ peak_per_hour: 4, warning_at: iso(10), pause_at: iso(10) });
  });
});
