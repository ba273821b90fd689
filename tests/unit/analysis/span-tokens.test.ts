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
  meta: null,
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
    expect(sumSpanTokens([call(0.5, { iteration: 3 })], bounds)).toEqual([
      { iteration: 3, taskId: null, tokens: 11, newTokens: 11 },
    ]);
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
      { iteration: 1, taskId: "a", tokens: 21, newTokens: 21 },
      { iteration: 1, taskId: null, tokens: 11, newTokens: 11 },
      { iteration: null, taskId: "a", tokens: 11, newTokens: 11 },
    ]);
  });

  test("with no iterations every span's tokens are in none", () => {
    expect(sumSpanTokens([call(1)], iterationBounds(RUN_START_US, []))).toEqual([
      { iteration: null, taskId: null, tokens: 11, newTokens: 11 },
    ]);
  });
});

describe("a call's new tokens (docs/analysis.md#three-layer-breaker, task_tokens)", () => {
  // one call in iteration 1: tokens_in (input + cache reads + cache writes) and tokens_out, its cache shares in meta
  const newTokensOf = (fields: Partial<SpanTokens>) => sumSpanTokens([call(0.5, fields)], bounds)[0]?.newTokens;

  test.each([
    ["no cache keys: every token is new", { tokensIn: 1000, tokensOut: 50 }, 1050],
    [
      "Claude Code: the cache reads are left out, the cache writes are new",
      {
        tokensIn: 101_000,
        tokensOut: 500,
        meta: { input_tokens: 1000, cache_read_input_tokens: 95_000, cache_creation_input_tokens: 5000 },
      },
      6500,
    ],
    [
      "Codex: its cached input is left out",
      { tokensIn: 10_000, tokensOut: 400, meta: { cached_input_tokens: 8000 } },
      2400,
    ],
    [
      "a read share above tokens_in leaves out tokens_in, never the output",
      { tokensIn: 100, meta: { cache_read_input_tokens: 900 } },
      1,
    ],
    [
      "a read share without tokens_in leaves out nothing",
      { tokensIn: null, tokensOut: 7, meta: { cache_read_input_tokens: 50 } },
      7,
    ],
    [
      "a negative or non-numeric read share is none",
      { tokensIn: 100, meta: { cache_read_input_tokens: "90", cached_input_tokens: -3 } },
      101,
    ],
  ])("%s", (_name, fields, expected) => {
    expect(newTokensOf(fields)).toBe(expected);
  });

  test("the new tokens sum per iteration and task beside every token", () => {
    const calls = [
      call(0.5, { taskId: "a", tokensIn: 50_000, meta: { cache_read_input_tokens: 48_000 } }),
      call(0.6, { taskId: "a", tokensIn: 60_000, meta: { cache_read_input_tokens: 50_000 } }),
    ];
    expect(sumSpanTokens(calls, bounds)).toEqual([{ iteration: 1, taskId: "a", tokens: 110_002, newTokens: 12_002 }]);
  });
});
