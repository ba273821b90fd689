import { describe, expect, test } from "vitest";
import { coveringIteration, iterationBounds, sumSpanTokens, type SpanTokens } from "@/lib/analysis/span-tokens";
import { atMin, makeIteration, RUN_START_US } from "./iteration-factories";

// start | it1 at 1 min | it2 at 3 min | it3 at 2 min (backwards: its span is empty) | it4 at 4 min
const bounds = iterationBounds(
  RUN_START_US,
  [1, 3, 2, 4].map((m, i) => makeIteration({ n: i + 1, tsUs: atMin(m) })),
);

const call = (minutes: number, fields: Partial<SpanTokens> = {}): SpanTokens => ({
  iteration: null,
  taskId: null,
  t0Us: atMin(minutes),
  tokensIn: 10,
  tokensOut: 1,
  ...fields,
});

describe("where a span's tokens count (docs/analysis.md#task-tokens-and-errors)", () => {
  test("iteration spans end at the running maximum of ts", () => {
    expect(bounds).toEqual({ ns: [1, 2, 3, 4], endsUs: [atMin(1), atMin(3), atMin(3), atMin(4)] });
  });

  test.each([
    ["before the run start: the first iteration", -1, 1],
    ["exactly at an iteration's ts: that iteration", 1, 1],
    ["just after it: the next", 1.001, 2],
    ["inside a span after a backwards ts: not the backwards iteration", 2.5, 2],
    ["at the last ts", 4, 4],
    ["after the last iteration: none", 4.5, null],
  ])("a span without iteration counts at the iteration covering its t0 — %s", (_name, minutes, expected) => {
    expect(coveringIteration(bounds, atMin(minutes))).toBe(expected);
  });

  test("a span's own iteration wins over its t0", () => {
    expect(sumSpanTokens([call(0.5, { iteration: 3 })], bounds)).toEqual([{ iteration: 3, taskId: null, tokens: 11 }]);
  });

  test("sums per iteration and task_id; calls that log no tokens are left out", () => {
    const calls = [
      call(0.5, { taskId: "a" }),
      call(0.7, { taskId: "a", tokensOut: null }),
      call(0.8),
      call(0.9, { tokensIn: null, tokensOut: null }),
      call(5, { taskId: "a" }),
    ];
    expect(sumSpanTokens(calls, bounds)).toEqual([
      { iteration: 1, taskId: "a", tokens: 21 },
      { iteration: 1, taskId: null, tokens: 11 },
      { iteration: null, taskId: "a", tokens: 11 },
    ]);
  });

  test("with no iterations every span's tokens are in none", () => {
    expect(sumSpanTokens([call(1)], iterationBounds(RUN_START_US, []))).toEqual([
      { iteration: null, taskId: null, tokens: 11 },
    ]);
  });
});
