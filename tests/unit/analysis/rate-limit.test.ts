// docs/analysis.md#rate-limit + docs/analysis.md#rate-limit: rolling-hour peak (t − 1 h, t], the first 80 % and
// 100 % of max_calls_per_hour, and the waits of a FIFO limiter.
import { describe, expect, test } from "vitest";
import { mergeCallTimes, replayRateLimit } from "@/lib/analysis/rate-limit";
import { iso, makeEvent, us } from "./tool-side-factories";

const H = 3600;
const times = (...secs: number[]) => secs.map(us);
const collect = async (it: AsyncIterable<number>) => {
  const out: number[] = [];
  for await (const t of it) out.push(t);
  return out;
};

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
    expect(r).toEqual({ peak_per_hour: 3, waited_calls: 0, total_wait_ms: 0 });
    expect("warning_at" in r).toBe(false);
  });
});

describe("FIFO limiter", () => {
  test("call N+1 waits until one hour after call 1 ran", async () => {
    // max 2: calls at 0, 10, 20 → the third runs at 3600 (waits 3580 s)
    const r = await replayRateLimit(times(0, 10, 20), 2);
    expect(r).toMatchObject({ waited_calls: 1, total_wait_ms: 3_580_000 });
  });
  test("waits cascade: a delayed call pushes the call N later", async () => {
    // max 1: 0 → runs 0; 1 → runs 3600 (3599 s); 2 → runs 7200 (7198 s)
    const r = await replayRateLimit(times(0, 1, 2), 1);
    expect(r).toMatchObject({ waited_calls: 2, total_wait_ms: (3599 + 7198) * 1000 });
  });
  test("200 simultaneous calls with max 100: the second hundred each wait one hour", async () => {
    const r = await replayRateLimit(
      Array.from({ length: 200 }, () => us(0)),
      100,
    );
    expect(r).toMatchObject({ peak_per_hour: 200, waited_calls: 100, total_wait_ms: 100 * H * 1000 });
  });
  test("a call exactly one hour after call i−N ran does not wait", async () => {
    expect((await replayRateLimit(times(0, H), 1)).waited_calls).toBe(0);
  });
});

describe("calls", () => {
  test("api_request events merge with the span times in time order; other events do not count", async () => {
    const events = [makeEvent("api_request", 5), makeEvent("api_error", 6), makeEvent("api_request", 20)];
    expect(await collect(mergeCallTimes(times(0, 10), events))).toEqual(times(0, 5, 10, 20));
  });
});
