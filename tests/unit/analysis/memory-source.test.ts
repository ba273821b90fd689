// The in-memory AnalysisInput: docs/analysis.md#bottlenecks which spans are calls, docs/format.md#ids-and-idempotency
// duplicates, docs/analysis.md#run-start-and-iteration-time-spans run start, docs/analysis.md#task-tokens-and-errors span tokens per iteration and task, docs/analysis.md#rate-limit calls.
import { describe, expect, test } from "vitest";
import { buildMemoryInput } from "@/lib/analysis/memory-source";
import type { AnalysisInput } from "@/lib/analysis/types";
import type { StoredIteration, StoredRun, StoredTask } from "@/lib/schemas/records";
import { blankIteration, blankTask } from "@/tests/support/records";
import { makeEvent, makeSpan, us } from "./tool-side-factories";

const collect = async <T>(it: AsyncIterable<readonly T[]>) => {
  const out: T[] = [];
  for await (const batch of it) out.push(...batch);
  return out;
};
const NO_BOUNDS = { ns: [], endsUs: [] };
const NO_WAITS = { human_tools: [], permission_tools: [], prompt_waits_excluded: false };
/** The call totals with iterations ending at `endsS` (n = 1, 2, …) and `timeouts` in seconds (others 1 hour). */
const totalsOf = (input: AnalysisInput, endsS: number[] = [], timeouts: Record<string, number> = {}) =>
  input.callTotals({
    bounds: endsS.length ? { ns: endsS.map((_, i) => i + 1), endsUs: endsS.map(us) } : NO_BOUNDS,
    timeouts: { timeouts, default_timeout_s: 3600 },
    waits: NO_WAITS,
  });
const iteration = (n: number, at: number, over: Partial<StoredIteration> = {}): StoredIteration => ({
  ...blankIteration(n, us(at)),
  ...over,
});
const run = (startedAt: number | null, over: Partial<StoredRun> = {}): StoredRun => ({
  type: "run",
  runId: "r",
  name: null,
  agent: null,
  startedAtUs: startedAt === null ? null : us(startedAt),
  labels: {},
  config: {},
  attrs: {},
  shape: null,
  outcome: null,
  ...over,
});
const task = (over: Partial<StoredTask>): StoredTask => ({ ...blankTask("t-1"), ...over });

describe("memory source", () => {
  test("aggregates only spans of kind tool and llm; containers are not calls", async () => {
    const input = buildMemoryInput("r", [
      makeSpan({ name: "iteration", kind: "agent", at: 0, ms: 5000 }),
      makeSpan({ name: "x", kind: "other", at: 0 }),
      makeSpan({ name: "search", at: 1, ms: 100 }),
      makeSpan({ name: "search", at: 2, ms: 50, error: "no hits" }),
      makeSpan({ name: "llm_call", kind: "llm", at: 3, ms: 10 }),
    ]);
    const totals = await totalsOf(input);
    expect(totals.tools).toEqual([
      { tool: "search", calls: 2, failures: 1, totalMs: 150, llm: false },
      { tool: "llm_call", calls: 1, failures: 0, totalMs: 10, llm: true },
    ]);
    expect(totals.hasLlmSpans).toBe(true);
  });
  test("the first record of a duplicated span id, iteration n or event id wins", async () => {
    const a = makeSpan({ name: "search", at: 1, ms: 100 });
    const e = makeEvent("api_request", 1);
    const input = buildMemoryInput("r", [
      a,
      { ...a, t1Us: a.t1Us + 1e6 },
      iteration(1, 5, { tokensUsed: 1 }),
      iteration(1, 6, { tokensUsed: 2 }),
      e,
      { ...e, detail: "again" },
    ]);
    expect((await totalsOf(input)).tools[0]).toMatchObject({ calls: 1, totalMs: 100 });
    expect(input.iterations.map((i) => i.tokensUsed)).toEqual([1]);
    expect(input.events.map((x) => x.detail)).toEqual([null]);
  });
  test("a call's no-result placeholder gives way to the same call answered, in either order (span-precedence.ts)", async () => {
    const placeholder = makeSpan({ name: "Bash", at: 1, ms: 0, ok: false, error: "no result (interrupted)" });
    const answered = { ...placeholder, t1Us: placeholder.t0Us + 4e6, ok: true, error: "", output: "3 passed" };
    for (const order of [
      [placeholder, answered],
      [answered, placeholder],
    ]) {
      const input = buildMemoryInput("r", order);
      expect((await totalsOf(input)).tools[0]).toMatchObject({ calls: 1, failures: 0, totalMs: 4000 });
    }
    const realFailure = { ...placeholder, error: "exit 1" };
    const input = buildMemoryInput("r", [realFailure, answered]);
    expect((await totalsOf(input)).tools[0]).toMatchObject({ calls: 1, failures: 1 });
  });
  test("records of another run are ignored", async () => {
    const input = buildMemoryInput("r", [
      makeSpan({ name: "a", at: 0 }),
      makeSpan({ name: "b", at: 0, runId: "other" }),
    ]);
    expect((await totalsOf(input)).tools.map((t) => t.tool)).toEqual(["a"]);
  });
  test.each([
    { name: "the run record's started_at", records: () => [run(50), makeSpan({ name: "a", at: 10 })], start: 50 },
    {
      name: "else the earliest record",
      records: () => [run(null), iteration(1, 30), makeEvent("x", 20), makeSpan({ name: "a", at: 25 })],
      start: 20,
    },
  ])("the run starts at $name", ({ records, start }) => {
    expect(buildMemoryInput("r", records()).runStartUs).toBe(us(start));
  });
  test.each([
    {
      name: "the latest span end, iteration ts or event ts, whichever record it is",
      // span 10 s ──── 70 s · iteration at 60 s · event at 65 s → 70 s (a container counts too)
      records: () => [
        makeSpan({ name: "iteration", kind: "agent", at: 10, ms: 60_000 }),
        iteration(1, 60),
        makeEvent("x", 65),
      ],
      end: 70,
    },
    { name: "an event after every span", records: () => [makeSpan({ name: "a", at: 0 }), makeEvent("x", 90)], end: 90 },
    { name: "the run start for a run with no records but its own", records: () => [run(50)], end: 50 },
  ])("the run ends at $name", ({ records, end }) => {
    expect(buildMemoryInput("r", records()).endUs).toBe(us(end));
  });
  test("a later run record's started_at and task record fields merge over earlier ones", () => {
    const input = buildMemoryInput("r", [
      run(null, { labels: { a: "1" } }),
      run(40, { labels: { b: "2" } }),
      task({ title: "auth", tokensUsed: 10 }),
      task({ status: "done" }),
    ]);
    expect(input.runStartUs).toBe(us(40));
    expect(input.tasks).toEqual([task({ title: "auth", tokensUsed: 10, status: "done" })]);
  });
  test("iterations are ordered by n, events by ts keeping arrival order on ties", () => {
    const input = buildMemoryInput("r", [
      iteration(2, 20),
      iteration(1, 10),
      makeEvent("b", 5, { detail: "1st" }),
      makeEvent("a", 1),
      makeEvent("c", 5, { detail: "2nd" }),
    ]);
    expect(input.iterations.map((i) => i.n)).toEqual([1, 2]);
    expect(input.events.map((e) => e.kind)).toEqual(["a", "b", "c"]);
  });
  test("the spans stream grouped by tool, each tool's ordered by t0, then span id", async () => {
    const input = buildMemoryInput("r", [
      makeSpan({ name: "a", at: 2, spanId: "z" }),
      makeSpan({ name: "b", at: 0, spanId: "w" }),
      makeSpan({ name: "a", at: 1, spanId: "y" }),
      makeSpan({ name: "a", at: 1, spanId: "x" }),
      makeSpan({ name: "it", kind: "agent", at: 0, spanId: "v" }),
    ]);
    expect((await collect(input.toolSpans())).map((s) => `${s.tool}:${s.spanId}`)).toEqual([
      "b:w",
      "a:x",
      "a:y",
      "a:z",
    ]);
  });
  test("rate calls are the llm spans when the run has any", async () => {
    const input = buildMemoryInput("r", [makeSpan({ name: "t", at: 1 }), makeSpan({ name: "m", kind: "llm", at: 2 })]);
    expect((await totalsOf(input)).hasLlmSpans).toBe(true);
    expect(await collect(input.timedCalls({ llmOnly: true }))).toEqual([{ t0Us: us(2), rate: true, withInput: null }]);
  });
  test("rate calls are all tool calls (not containers) when there is no llm span", async () => {
    const input = buildMemoryInput("r", [
      makeSpan({ name: "t", at: 2 }),
      makeSpan({ name: "u", at: 1 }),
      makeSpan({ name: "it", kind: "agent", at: 0 }),
    ]);
    expect((await totalsOf(input)).hasLlmSpans).toBe(false);
    const calls = await collect(input.timedCalls({ llmOnly: false }));
    expect(calls.map((c) => [c.t0Us, c.rate])).toEqual([
      [us(1), true],
      [us(2), true],
    ]);
  });
  test("the time walk carries the tool calls with input, in t0 order, rate calls or not", async () => {
    const input = buildMemoryInput("r", [
      makeSpan({ name: "m", kind: "llm", at: 3, input: { q: 1 } }),
      makeSpan({ name: "t", at: 2, input: "ls", iteration: 4 }),
      makeSpan({ name: "u", at: 1 }),
    ]);
    expect(await collect(input.timedCalls({ llmOnly: true }))).toEqual([
      { t0Us: us(2), rate: false, withInput: { name: "t", t0Us: us(2), iteration: 4, input: "ls", output: null } },
      { t0Us: us(3), rate: true, withInput: null },
    ]);
  });
  test("span tokens (in + out) are summed per iteration and task, only over calls that log tokens", async () => {
    // iterations end at 10 s and 20 s | calls at 1 s (80 of its 100 in read from the cache: 40 new), 2 s (t-1),
    // 12 s (its own iteration 1), 15 s (no task), 25 s (after the last)
    const input = buildMemoryInput("r", [
      makeSpan({
        name: "m",
        kind: "llm",
        at: 1,
        taskId: "t-1",
        tokensIn: 100,
        tokensOut: 20,
        meta: { cache_read_input_tokens: 80 },
      }),
      makeSpan({ name: "m", kind: "llm", at: 2, taskId: "t-1", tokensIn: 5, tokensOut: null }),
      makeSpan({ name: "m", kind: "llm", at: 12, taskId: "t-1", iteration: 1, tokensIn: 7, tokensOut: 0 }),
      makeSpan({ name: "m", kind: "llm", at: 15, tokensIn: 30, tokensOut: 3 }),
      makeSpan({ name: "m", kind: "llm", at: 25, taskId: "t-2", tokensIn: 1, tokensOut: 1 }),
      makeSpan({ name: "s", at: 3, taskId: "t-2" }),
      makeSpan({ name: "it", kind: "agent", at: 3, taskId: "t-2", tokensIn: 999, tokensOut: 999 }),
    ]);
    expect((await totalsOf(input, [10, 20])).spanTokens).toEqual([
      { iteration: 1, taskId: "t-1", tokens: 132, newTokens: 52 },
      { iteration: 2, taskId: null, tokens: 33, newTokens: 33 },
      { iteration: null, taskId: "t-2", tokens: 2, newTokens: 2 },
    ]);
  });
  test("timeout totals follow the rule per tool at its timeout: calls only, only tools with a call over", async () => {
    // constructor (8 s): 8 s exactly, 9.5 s | an agent span of 60 s is no call | quiet (8 s): 1 s
    const input = buildMemoryInput("r", [
      makeSpan({ name: "constructor", at: 0, ms: 8_000 }),
      makeSpan({ name: "constructor", at: 10, ms: 9_500 }),
      makeSpan({ name: "constructor", kind: "agent", at: 0, ms: 60_000 }),
      makeSpan({ name: "quiet", at: 0, ms: 1_000 }),
    ]);
    expect((await totalsOf(input, [], { constructor: 8, quiet: 8, absent: 1 })).timeouts).toEqual({
      constructor: { exceeded: 1, excessMs: 1_500 },
    });
  });
});
