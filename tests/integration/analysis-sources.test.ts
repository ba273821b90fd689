// The database source must give the same report as the in-memory source (the
// CLI's) — in particular the breaker replay over the filtered span stream and
// the timeout totals computed in SQL, which must follow the pure rule of
// lib/analysis/timeouts.ts (docs/analysis.md#timeouts) to the microsecond — and
// the stream of tool calls with input behind docs/analysis.md#identical-calls,
// the calls' costs summed in SQL (docs/analysis.md#costs), and a person's waits
// inside each iteration merged in SQL (docs/analysis.md#human-waits).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DbHandle } from "@/db/client";
import { loadAnalysisInput } from "@/db/analysis-source";
import { analyzeRun } from "@/lib/analysis/analyze";
import { buildMemoryInput } from "@/lib/analysis/memory-source";
import { resolveSettings } from "@/lib/analysis/settings";
import type { SpanCostSum } from "@/lib/analysis/costs";
import { sumHumanWaits, type HumanWaitSettings } from "@/lib/analysis/human-waits";
import { SHAPE_PROFILES } from "@/lib/analysis/shape-profiles";
import { iterationBounds, sumSpanTokens, type IterationBounds, type SpanTokenSum } from "@/lib/analysis/span-tokens";
import { totalTimeouts } from "@/lib/analysis/timeouts";
import type { AnalysisInput, TimedCall } from "@/lib/analysis/types";
import { ingestItems } from "@/lib/ingest/ingest-stream";
import { readLines } from "@/lib/ingest/line-reader";
import type { StoredRecord, StoredSpan } from "@/lib/schemas/records";
import { formatTimeUs } from "@/lib/time";
import { synthRunLines } from "@/scripts/bench/synth";
import { targets } from "./support/databases";
import { ingestText } from "./support/ingest";

const TEXT = [...synthRunLines("r-synth", 6000, 7)].join("\n");

/** The tools no wait is read for: the query of every lens but the interactive one. */
const NO_WAITS: HumanWaitSettings = { human_tools: [], permission_tools: [], prompt_waits_excluded: false };
/** The call totals at `bounds`, tools timing out at `timeouts` (seconds), the others after an hour. */
const totalsAt = (
  input: AnalysisInput,
  bounds: IterationBounds,
  timeouts: Record<string, number> = {},
  waits: HumanWaitSettings = NO_WAITS,
) => input.callTotals({ bounds, timeouts: { timeouts, default_timeout_s: 3600 }, waits });
const NO_BOUNDS: IterationBounds = { ns: [], endsUs: [] };

async function memoryRecords(text = TEXT): Promise<StoredRecord[]> {
  const out: StoredRecord[] = [];
  await ingestItems(
    readLines(
      (async function* () {
        yield Buffer.from(text);
      })(),
    ),
    { writeBatch: async (b) => void out.push(...b) },
  );
  return out;
}

const T_US = Date.UTC(2026, 0, 5, 9) * 1000;
/** A span of `tool` from `atS` lasting `us` microseconds (exact: times as ISO strings). */
const timed = (id: string, tool: string, atS: number, us: number, kind = "tool") =>
  JSON.stringify({
    run_id: "r-timeouts",
    span_id: id,
    name: tool,
    kind,
    t0: formatTimeUs(T_US + atS * 1e6),
    t1: formatTimeUs(T_US + atS * 1e6 + us),
  });
// http_get, 10 s:     10 s exactly (not cut) | 1 µs over | 12.345678 s | 0.5 s
// constructor, 15 s:  15 s exactly | 15.5 s | 20 s   (a name Object.prototype has)
// chat (llm), 2 s:    3 s                             (llm spans are calls too)
// a 100 s agent span named http_get is a container, not a call; quiet never exceeds
const TIMEOUT_TEXT = [
  timed("h1", "http_get", 0, 10_000_000),
  timed("h2", "http_get", 20, 10_000_001),
  timed("h3", "http_get", 40, 12_345_678),
  timed("h4", "http_get", 60, 500_000),
  timed("c1", "constructor", 0, 15_000_000),
  timed("c2", "constructor", 20, 15_500_000),
  timed("c3", "constructor", 40, 20_000_000),
  timed("l1", "chat", 0, 3_000_000, "llm"),
  timed("a1", "http_get", 0, 100_000_000, "agent"),
  timed("q1", "quiet", 0, 1_000_000),
].join("\n");
const TIMEOUT_LIMITS_S = { http_get: 10, constructor: 15, chat: 2, quiet: 8 };

// docs/analysis.md#identical-calls: 2 600 tool calls (more than one page of the
// database's stream), their inputs drawn from a few, objects sent with their
// keys in either order and spacing; calls without input and llm calls with one
// between them (neither counts); an iteration every 50 calls.
const REPEAT_INPUTS = ['{"q":"a","n":1}', '{ "n": 1, "q": "a" }', '"ls -la"', "[1,2]", '{"q":"b"}', "7"];
function* repeatLines(): Generator<string> {
  let seed = 7;
  const rand = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  for (let i = 0; i < 2600; i++) {
    const t0 = 1_767_000_000 + i;
    const r = rand();
    const pick = r < 0.15 ? 0 : r < 0.3 ? 1 : r < 0.45 ? 2 : r < 0.55 ? 3 : 4 + Math.floor(rand() * 40);
    const input = pick < REPEAT_INPUTS.length ? REPEAT_INPUTS[pick] : `{"q":"unique ${pick}-${i}"}`;
    yield `{"run_id":"r-repeat","span_id":"c${i}","name":"${i % 7 ? "search" : "sql"}","t0":${t0},"t1":${t0 + 0.5},"input":${input}}`;
    if (i % 5 === 0) yield JSON.stringify({ run_id: "r-repeat", span_id: `n${i}`, name: "search", t0, t1: t0 });
    if (i % 9 === 0)
      yield JSON.stringify({ run_id: "r-repeat", span_id: `l${i}`, name: "chat", kind: "llm", t0, t1: t0, input: 1 });
    if (i % 50 === 49)
      yield JSON.stringify({
        type: "iteration",
        run_id: "r-repeat",
        n: (i + 1) / 50,
        ts: t0 + 0.9,
        files_modified: ["a"],
      });
  }
}
const REPEAT_TEXT = [...repeatLines()].join("\n");

describe.each(targets)("database and memory sources agree on $name", (target) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await target.open();
    await ingestText(h.db, TEXT, { batchSize: 1000 });
  });
  afterAll(async () => {
    await h?.close();
  });

  test.each([
    ["defaults", {}],
    ["a short cooldown and fail_max 2", { cool_s: 2, fail_max: 2 }],
    ["a long cooldown", { cool_s: 600 }],
    ["tight timeouts", { default_timeout_s: 1, timeouts: { http_get: 0.5 } }],
  ])("%s", async (_name, overrides) => {
    const settings = resolveSettings(overrides);
    const fromDb = await analyzeRun((await loadAnalysisInput(h.db, "r-synth"))!, settings);
    const fromMemory = await analyzeRun(buildMemoryInput("r-synth", await memoryRecords()), settings);
    expect(fromDb.tool_breakers.length).toBeGreaterThan(0);
    expect(fromDb).toEqual(fromMemory);
  });

  // A page ends mid-tool, where a tool ends, and after a failure, a success or
  // a call in a cooldown: the next page must pick up each tool's breaker
  // filter where the last one left it.
  test.each([
    ["defaults", {}],
    ["a short cooldown and fail_max 2", { cool_s: 2, fail_max: 2 }],
    ["a long cooldown", { cool_s: 600 }],
  ])("pages of 97 rows give the same report, %s", async (_name, overrides) => {
    const settings = resolveSettings(overrides);
    const paged = (await loadAnalysisInput(h.db, "r-synth", { pageRows: 97 }))!;
    const fromMemory = await analyzeRun(buildMemoryInput("r-synth", await memoryRecords()), settings);
    expect(await analyzeRun(paged, settings)).toEqual(fromMemory);
  });

  test.each([2, 60, 600])(
    "the tools' spans left to replay are the same in pages of 97 rows (cool_s %s)",
    async (coolS) => {
      const spansOf = async (input: AnalysisInput) => {
        const out: string[] = [];
        for await (const batch of input.toolSpans({ coolS })) out.push(...batch.map((x) => `${x.tool}/${x.spanId}`));
        return out;
      };
      const whole = await spansOf((await loadAnalysisInput(h.db, "r-synth"))!);
      expect(whole.length).toBeGreaterThan(3 * 97);
      expect(await spansOf((await loadAnalysisInput(h.db, "r-synth", { pageRows: 97 }))!)).toEqual(whole);
    },
  );
});

describe.each(targets)("identical calls: database and memory sources agree on $name", (target) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await target.open();
    await ingestText(h.db, REPEAT_TEXT, { batchSize: 1000 });
  });
  afterAll(async () => {
    await h?.close();
  });

  test.each([
    ["defaults", {}],
    ["3 in a window of 6, a short loop-breaker cooldown", { repeat_calls: 3, repeat_window: 6, cooldown_min: 0 }],
  ])("%s", async (_name, overrides) => {
    const settings = resolveSettings(overrides);
    const fromDb = await analyzeRun((await loadAnalysisInput(h.db, "r-repeat"))!, settings);
    const fromMemory = await analyzeRun(buildMemoryInput("r-repeat", await memoryRecords(REPEAT_TEXT)), settings);
    expect(fromDb.repeated_calls.length).toBeGreaterThan(1);
    expect(fromDb.stagnation.detections.some((d) => d.detector === "repeated_call")).toBe(true);
    expect(fromDb).toEqual(fromMemory);
  });

  test("the walk by time — rate calls and calls with input — is the same, page after page", async () => {
    const collect = async (it: AsyncIterable<readonly unknown[]>) => {
      const out: unknown[] = [];
      for await (const batch of it) out.push(...batch);
      return out;
    };
    const fromDb = await collect((await loadAnalysisInput(h.db, "r-repeat"))!.timedCalls({ llmOnly: true }));
    const memory = buildMemoryInput("r-repeat", await memoryRecords(REPEAT_TEXT));
    const fromMemory = await collect(memory.timedCalls({ llmOnly: true }));
    expect(fromDb.filter((c) => (c as TimedCall).withInput !== null)).toHaveLength(2600);
    expect(fromDb.filter((c) => (c as TimedCall).rate)).toHaveLength(289);
    expect(fromDb).toEqual(fromMemory);
  });
});

describe.each(targets)("the timeout totals in SQL follow the pure rule on $name", (target) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await target.open();
    await ingestText(h.db, TIMEOUT_TEXT);
  });
  afterAll(async () => {
    await h?.close();
  });

  test("same calls, same totals: strictly over the limit, excess in whole microseconds", async () => {
    const records = await memoryRecords(TIMEOUT_TEXT);
    const calls = (tool: string) =>
      records.filter(
        (r): r is StoredSpan => r.type === "span" && r.name === tool && (r.kind === "tool" || r.kind === "llm"),
      );
    const byRule = Object.fromEntries(
      Object.entries(TIMEOUT_LIMITS_S)
        .map(([tool, s]) => [tool, totalTimeouts(calls(tool), s)] as const)
        .filter(([, t]) => t.exceeded > 0),
    );
    expect(byRule).toEqual({
      http_get: { exceeded: 2, excessMs: 2_345.679 },
      constructor: { exceeded: 2, excessMs: 5_500 },
      chat: { exceeded: 1, excessMs: 1_000 },
    });
    const input = (await loadAnalysisInput(h.db, "r-timeouts"))!;
    expect((await totalsAt(input, NO_BOUNDS, TIMEOUT_LIMITS_S)).timeouts).toEqual(byRule);
    expect((await totalsAt(buildMemoryInput("r-timeouts", records), NO_BOUNDS, TIMEOUT_LIMITS_S)).timeouts).toEqual(
      byRule,
    );
  });
});

// docs/analysis.md#permission-breaker, docs/analysis.md#api-breaker: the event
// breakers' cooldowns run by time up to the run's last record, whatever it is.
// Both runs: 3 denials (permission OPEN at 2 s) and 10 API 500s (API OPEN at
// 19 s); the events stop there and a span runs on — to 400 s in r-late, so
// both breakers end HALF_OPEN, to 1 µs before 302 s in r-early, so the
// permission breaker (300 s cooldown) ends OPEN. r-bare has only a run record.
const at = (s: number) => formatTimeUs(T_US + s * 1e6);
const byTimeLines = (runId: string, spanEndUs: number) => [
  ...[0, 1, 2].map((s) => JSON.stringify({ type: "event", run_id: runId, ts: at(s), kind: "permission_denied" })),
  ...Array.from({ length: 10 }, (_, i) =>
    JSON.stringify({ type: "event", run_id: runId, ts: at(10 + i), kind: "api_error", status: 500 }),
  ),
  JSON.stringify({ run_id: runId, span_id: "long", name: "run_tests", t0: at(20), t1: formatTimeUs(T_US + spanEndUs) }),
];
const BY_TIME_TEXT = [
  ...byTimeLines("r-late", 400e6),
  ...byTimeLines("r-early", 302e6 - 1),
  JSON.stringify({ type: "run", run_id: "r-bare", started_at: at(5) }),
].join("\n");

describe.each(targets)("the run's end and the breakers by time: database and memory agree on $name", (target) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await target.open();
    await ingestText(h.db, BY_TIME_TEXT);
  });
  afterAll(async () => {
    await h?.close();
  });

  test.each([
    { runId: "r-late", endUs: T_US + 400e6, permission: "HALF_OPEN", api: "HALF_OPEN" },
    { runId: "r-early", endUs: T_US + 302e6 - 1, permission: "OPEN", api: "HALF_OPEN" },
    { runId: "r-bare", endUs: T_US + 5e6, permission: "CLOSED", api: "CLOSED" },
  ])("$runId ends at its last record: permission $permission, API $api", async ({ runId, endUs, permission, api }) => {
    const fromDbInput = (await loadAnalysisInput(h.db, runId))!;
    const memoryInput = buildMemoryInput(runId, await memoryRecords(BY_TIME_TEXT));
    expect(fromDbInput.endUs).toBe(endUs);
    expect(memoryInput.endUs).toBe(endUs);
    const fromDb = await analyzeRun(fromDbInput, resolveSettings({}));
    expect(fromDb).toEqual(await analyzeRun(memoryInput, resolveSettings({})));
    expect([fromDb.permission_breaker.final_state, fromDb.api_breaker.final_state]).toEqual([permission, api]);
  });
});

// docs/analysis.md#task-tokens-and-errors: the calls' tokens per iteration and
// task in SQL follow the pure rule of lib/analysis/span-tokens.ts. Iterations
// end at 10 s (task a), 30 s (a), 20 s → still 30 s (backwards: covers
// nothing), 40 s (b). Calls at −5 s, 10 s exactly, 10 s + 1 µs, 25 s, 30 s,
// 35 s naming iteration 3, 39.999999 s, 50 s (after the last), one naming
// iteration 9 (not logged); an agent span and a call without tokens count
// nothing. New tokens (task_tokens: new) leave out each call's cache-read
// share as cache-tokens.ts reads it: a string count (none), Claude Code's read
// beside its write (the write is new), a GenAI read on a call that logs its
// cost, a read on a call without tokens_in, Codex's cached input above
// tokens_in (clamped), a negative one (none).
const tokenCall = (id: string, us: number, fields: Record<string, unknown>) =>
  JSON.stringify({
    run_id: "r-tokens",
    span_id: id,
    name: "chat",
    kind: "llm",
    t0: formatTimeUs(T_US + us),
    ...fields,
  });
const TOKEN_TEXT = [
  JSON.stringify({ type: "run", run_id: "r-tokens", started_at: formatTimeUs(T_US) }),
  ...[
    [1, 10, "a"],
    [2, 30, "a"],
    [3, 20, null],
    [4, 40, "b"],
  ].map(([n, s, task]) =>
    JSON.stringify({
      type: "iteration",
      run_id: "r-tokens",
      n,
      ts: formatTimeUs(T_US + Number(s) * 1e6),
      task_id: task,
    }),
  ),
  tokenCall("c1", -5e6, { tokens_in: 100, tokens_out: 10, meta: { cache_read_input_tokens: "90" } }),
  tokenCall("c2", 10e6, { tokens_in: 1000, tokens_out: 0, task_id: "a" }),
  tokenCall("c3", 10e6 + 1, {
    tokens_in: 5000,
    tokens_out: 500,
    meta: { cache_read_input_tokens: 4000, cache_creation_input_tokens: 900 },
  }),
  tokenCall("c4", 25e6, { kind: "tool", name: "search", tokens_in: 700, task_id: "b" }),
  tokenCall("c5", 30e6, {
    tokens_in: 1,
    tokens_out: 1,
    cost_usd: 0.01,
    meta: { "gen_ai.usage.cache_read.input_tokens": 1 },
  }),
  tokenCall("c6", 35e6, { tokens_in: 20, iteration: 3 }),
  tokenCall("c7", 40e6 - 1, { tokens_out: 9, meta: { cache_read_input_tokens: 50 } }),
  tokenCall("c8", 50e6, { tokens_in: 3000, task_id: "b", meta: { cached_input_tokens: 5000 } }),
  tokenCall("c9", 1e6, { tokens_in: 40, tokens_out: 2, task_id: "a", iteration: 9, meta: { cached_input_tokens: -3 } }),
  tokenCall("c10", 1e6, { kind: "agent", name: "iteration", tokens_in: 99_999 }),
  tokenCall("c11", 1e6, { kind: "tool", name: "search" }),
].join("\n");

describe.each(targets)("span tokens per iteration: SQL follows the pure rule on $name", (target) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await target.open();
    await ingestText(h.db, TOKEN_TEXT);
  });
  afterAll(async () => {
    await h?.close();
  });

  const sorted = (sums: SpanTokenSum[]) =>
    [...sums].sort((x, y) =>
      JSON.stringify([x.iteration, x.taskId]).localeCompare(JSON.stringify([y.iteration, y.taskId])),
    );

  test("same calls, same sums, all and new: by the call's iteration, else the iteration covering its t0", async () => {
    const records = await memoryRecords(TOKEN_TEXT);
    const memory = buildMemoryInput("r-tokens", records);
    const bounds = iterationBounds(memory.runStartUs, memory.iterations);
    const calls = records.filter((r): r is StoredSpan => r.type === "span" && (r.kind === "tool" || r.kind === "llm"));
    const byRule = sorted(sumSpanTokens(calls, bounds));
    expect(byRule).toEqual(
      sorted([
        { iteration: 1, taskId: null, tokens: 110, newTokens: 110 },
        { iteration: 1, taskId: "a", tokens: 1000, newTokens: 1000 },
        { iteration: 2, taskId: null, tokens: 5502, newTokens: 1501 },
        { iteration: 2, taskId: "b", tokens: 700, newTokens: 700 },
        { iteration: 3, taskId: null, tokens: 20, newTokens: 20 },
        { iteration: 4, taskId: null, tokens: 9, newTokens: 9 },
        { iteration: null, taskId: "b", tokens: 3000, newTokens: 0 },
        { iteration: 9, taskId: "a", tokens: 42, newTokens: 42 },
      ]),
    );
    const input = (await loadAnalysisInput(h.db, "r-tokens"))!;
    expect(sorted((await totalsAt(input, bounds)).spanTokens)).toEqual(byRule);
    expect(sorted((await totalsAt(memory, bounds)).spanTokens)).toEqual(byRule);
  });

  test("the reports agree, and task a trips at iteration 2, where its calls crossed the budget", async () => {
    // a: 1 110 at 1, then 6 612 + 42 (iteration 9, never logged) at 2 — b: 700 + 9 + 3 000 at 4
    const settings = resolveSettings({ task_token_budget: 5000 });
    const fromDb = await analyzeRun((await loadAnalysisInput(h.db, "r-tokens"))!, settings);
    const fromMemory = await analyzeRun(buildMemoryInput("r-tokens", await memoryRecords(TOKEN_TEXT)), settings);
    expect(fromDb).toEqual(fromMemory);
    expect(fromDb.layers.events.map((e) => [e.layer, e.kind, e.task_id, e.iteration, e.value])).toEqual([
      ["token", "warning", "a", 2, 6654],
      ["token", "trip", "a", 2, 6654],
    ]);
  });

  test("with task_tokens new the reports agree, and only the new tokens count towards a task", async () => {
    // a: 1 110 at 1, then 1 501 + 42 at 2 — b: 700 + 9 + 0 (its 3 000 in all read from the cache) at 4
    const settings = resolveSettings({ task_token_budget: 2000, task_tokens: "new" });
    const fromDb = await analyzeRun((await loadAnalysisInput(h.db, "r-tokens"))!, settings);
    const fromMemory = await analyzeRun(buildMemoryInput("r-tokens", await memoryRecords(TOKEN_TEXT)), settings);
    expect(fromDb).toEqual(fromMemory);
    expect(fromDb.layers.events.map((e) => [e.layer, e.kind, e.task_id, e.iteration, e.value])).toEqual([
      ["token", "warning", "a", 2, 2653],
      ["token", "trip", "a", 2, 2653],
    ]);
    expect(fromDb.tasks.map((t) => [t.task_id, t.tokens])).toEqual([
      ["a", 2653],
      ["b", 709],
    ]);
  });
});

// docs/analysis.md#costs: the calls' costs per iteration, task, tool and model in
// SQL follow the pure rule of lib/analysis/costs.ts. Iterations end at 10 s (a)
// and 20 s (b). A dated Claude id (priced by prefix), a logged cost beside
// tokens (the cost wins), a model given by a GenAI attribute, a model that is
// not a string, an unpriced model, a tool span with a logged cost, one after the
// last iteration; a call with neither tokens nor cost counts nothing. Cache
// shares of tokens_in as each log writes them (lib/analysis/cache-tokens.ts):
// Claude Code's read and write, Codex's cached input, GenAI attributes whose
// shares exceed tokens_in (clamped), a string and a negative count, a cache
// share on a call without tokens_in, and one on a call that logs its cost.
// Calls of one model in one iteration sum apart by size band (price-catalog.ts):
// a Sonnet 4.5 call above 200k pays the long-context tier, one of 150k does not;
// their 1-hour cache writes (clamped to the write share) cost 2× input.
const costCall = (id: string, s: number, fields: Record<string, unknown>) =>
  JSON.stringify({
    run_id: "r-costs",
    span_id: id,
    name: "chat",
    kind: "llm",
    t0: formatTimeUs(T_US + s * 1e6),
    ...fields,
  });
const COST_TEXT = [
  JSON.stringify({ type: "run", run_id: "r-costs", started_at: formatTimeUs(T_US) }),
  JSON.stringify({ type: "iteration", run_id: "r-costs", n: 1, ts: formatTimeUs(T_US + 10e6), task_id: "a" }),
  JSON.stringify({ type: "iteration", run_id: "r-costs", n: 2, ts: formatTimeUs(T_US + 20e6), task_id: "b" }),
  costCall("k1", 1, { tokens_in: 1_000_000, tokens_out: 1000, meta: { model: "claude-sonnet-4-20250514" } }),
  costCall("k2", 2, {
    tokens_in: 9_000_000,
    cost_usd: 0.5,
    meta: { model: "claude-sonnet-4-20250514", cache_read_input_tokens: 9_000_000 },
  }),
  costCall("k3", 12, {
    tokens_out: 2000,
    meta: { "gen_ai.request.model": "gpt-4o", "gen_ai.usage.cache_read.input_tokens": 500 },
  }),
  costCall("k4", 13, { name: "claude-haiku-4-5", tokens_in: 300, meta: { model: 42 } }),
  costCall("k5", 14, { tokens_in: 300, meta: { model: "my-local-model" } }),
  costCall("k6", 15, { kind: "tool", name: "search", cost_usd: 0.25, task_id: "a" }),
  costCall("k7", 30, { name: "gpt-5", tokens_in: 100 }),
  costCall("k8", 5, { kind: "tool", name: "search" }),
  costCall("k9", 3, {
    tokens_in: 1_000_000,
    tokens_out: 2000,
    meta: {
      model: "claude-sonnet-4-20250514",
      input_tokens: 100_000,
      cache_read_input_tokens: 800_000,
      cache_creation_input_tokens: 100_000,
    },
  }),
  costCall("k10", 4, { name: "gpt-5", tokens_in: 10_000, tokens_out: 500, meta: { cached_input_tokens: 8000 } }),
  costCall("k11", 6, {
    tokens_in: 1000,
    meta: {
      "gen_ai.request.model": "gpt-4o",
      "gen_ai.usage.cache_read_input_tokens": 700,
      "gen_ai.usage.cache_creation_input_tokens": 500,
    },
  }),
  costCall("k13", 7, {
    tokens_in: 250_000,
    tokens_out: 1000,
    meta: { model: "claude-sonnet-4-5", cache_creation_input_tokens: 50_000, cache_creation_1h_input_tokens: 80_000 },
  }),
  costCall("k14", 8, {
    tokens_in: 150_000,
    meta: { model: "claude-sonnet-4-5", cache_creation_input_tokens: 10_000, cache_creation_1h_input_tokens: 4000 },
  }),
  costCall("k12", 7, {
    tokens_in: 1000,
    meta: {
      model: "claude-haiku-4-5",
      cache_read_input_tokens: "90",
      cached_input_tokens: -3,
      cache_creation_input_tokens: 500,
    },
  }),
].join("\n");

describe.each(targets)("span costs: SQL follows the pure rule on $name", (target) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await target.open();
    await ingestText(h.db, COST_TEXT);
  });
  afterAll(async () => {
    await h?.close();
  });

  const sorted = (sums: SpanCostSum[]) =>
    [...sums].sort((x, y) =>
      JSON.stringify([x.iteration, x.taskId, x.tool, x.model, x.sizeBand]).localeCompare(
        JSON.stringify([y.iteration, y.taskId, y.tool, y.model, y.sizeBand]),
      ),
    );

  test("same calls, same sums: a logged cost kept apart from the tokens of calls that log none", async () => {
    const memory = buildMemoryInput("r-costs", await memoryRecords(COST_TEXT));
    const bounds = iterationBounds(memory.runStartUs, memory.iterations);
    const byRule = sorted((await totalsAt(memory, bounds)).spanCosts);
    const cost = (over: Partial<SpanCostSum>): SpanCostSum => ({
      iteration: 2,
      taskId: null,
      tool: "chat",
      model: null,
      sizeBand: 0,
      loggedUsd: null,
      tokensIn: 0,
      tokensOut: 0,
      cacheRead: 0,
      cacheWrite: 0,
      cacheWrite1h: 0,
      ...over,
    });
    expect(byRule).toEqual(
      sorted([
        cost({
          iteration: 1,
          model: "claude-sonnet-4-20250514",
          sizeBand: 6, // above 512k: the one band of all its calls
          loggedUsd: 0.5,
          tokensIn: 2_000_000,
          tokensOut: 3000,
          cacheRead: 800_000,
          cacheWrite: 100_000,
        }),
        cost({ iteration: 1, tool: "gpt-5", model: "gpt-5", tokensIn: 10_000, tokensOut: 500, cacheRead: 8000 }),
        cost({ iteration: 1, model: "gpt-4o", tokensIn: 1000, cacheRead: 700, cacheWrite: 300 }),
        cost({ iteration: 1, model: "claude-haiku-4-5", tokensIn: 1000, cacheWrite: 500 }),
        cost({
          iteration: 1,
          model: "claude-sonnet-4-5",
          sizeBand: 3,
          tokensIn: 250_000,
          tokensOut: 1000,
          cacheWrite: 50_000,
          cacheWrite1h: 50_000,
        }),
        cost({
          iteration: 1,
          model: "claude-sonnet-4-5",
          sizeBand: 1,
          tokensIn: 150_000,
          cacheWrite: 10_000,
          cacheWrite1h: 4000,
        }),
        cost({ model: "gpt-4o", tokensOut: 2000 }),
        cost({ tool: "claude-haiku-4-5", model: "claude-haiku-4-5", tokensIn: 300 }),
        cost({ model: "my-local-model", tokensIn: 300 }),
        cost({ taskId: "a", tool: "search", loggedUsd: 0.25 }),
        cost({ iteration: null, tool: "gpt-5", model: "gpt-5", tokensIn: 100 }),
      ]),
    );
    const input = (await loadAnalysisInput(h.db, "r-costs"))!;
    expect(sorted((await totalsAt(input, bounds)).spanCosts)).toEqual(byRule);
  });

  test("the reports agree: tools, tasks and an unpriced model's cost left unknown", async () => {
    const settings = resolveSettings({});
    const fromDb = await analyzeRun((await loadAnalysisInput(h.db, "r-costs"))!, settings);
    const fromMemory = await analyzeRun(buildMemoryInput("r-costs", await memoryRecords(COST_TEXT)), settings);
    expect(fromDb).toEqual(fromMemory);
    const costs = Object.fromEntries(fromDb.tools.map((t) => [t.tool, t.cost_usd]));
    // claude-sonnet-4: 0.5 logged + (1.1M plain × $3 + 800k read × $0.30 + 100k written × $3.75 + 3k out × $15) = 4.46;
    // gpt-4o: 2k out × $10 = 0.02, and 700 read × $1.25 + 300 written × $2.50 (no cache_write: input) = 0.001625;
    // claude-haiku-4 (iteration 1): 500 plain × $1 + 500 written × $1.25 = 0.001125; my-local-model unknown;
    // claude-sonnet-4-5: 250k (above 200k) = 200k plain × $6 + 50k 1-hour writes × $12 + 1k out × $22.50 = 1.8225,
    // 150k = 140k plain × $3 + 6k 5-minute writes × $3.75 + 4k 1-hour writes × $6 = 0.4665
    const sonnet45 = 1.8225 + 0.4665;
    expect(costs.chat).toBeCloseTo(4.46 + 0.02 + 0.001625 + 0.001125 + sonnet45, 10);
    expect(costs.search).toBe(0.25);
    expect(costs["claude-haiku-4-5"]).toBeCloseTo(0.0003, 10);
    // gpt-5: 2000 plain × $1.25 + 8000 read × $0.125 + 500 out × $10, and 100 × $1.25 after the last iteration
    expect(costs["gpt-5"]).toBeCloseTo(0.0085 + 0.000125, 10);
    expect(fromDb.tasks.map((t) => t.task_id)).toEqual(["a", "b"]);
    expect(fromDb.tasks[0]?.cost_usd).toBeCloseTo(4.46 + 0.0085 + 0.001625 + 0.001125 + sonnet45 + 0.25, 10);
    expect(fromDb.tasks[1]?.cost_usd).toBeCloseTo(0.0203, 10);
  });
});

// docs/analysis.md#human-waits, docs/analysis.md#permission-waits: a person's waits
// per iteration in SQL follow the pure rule of lib/analysis/human-waits.ts. Six
// turns of ten minutes, each prompted 2 min after the last ended, failing the same
// way (the loop breaker opens at 3 and saves 4 and 5). Turn 4: a question of
// 300.000123 s from 1 µs after 2 000 s. Turn 5: an Edit of 180 s and a Write of
// 240 s half a second later (merged: 240.5 s), an Edit inside them, a plan read for
// 50 ms (duration_ms, no t1) apart; a Task (a subagent: agent time) and a Bash.
// A question at 3 500 s naming iteration 2 counts there; a Write in turn 2 whose
// t1 is before its t0 lasts 0; an Edit after the last turn counts nowhere; an agent
// span named AskUserQuestion is a container, not a call.
const waitAt = (id: string, name: string, s: number, lastUs: number | null, fields: Record<string, unknown> = {}) =>
  JSON.stringify({
    run_id: "r-waits",
    span_id: id,
    name,
    t0: formatTimeUs(T_US + s * 1e6),
    ...(lastUs === null ? {} : { t1: formatTimeUs(T_US + s * 1e6 + lastUs) }),
    ...fields,
  });
const WAIT_TEXT = [
  JSON.stringify({ type: "run", run_id: "r-waits", started_at: formatTimeUs(T_US) }),
  ...[1, 2, 3, 4, 5, 6].map((n) =>
    JSON.stringify({
      type: "iteration",
      run_id: "r-waits",
      n,
      ts: formatTimeUs(T_US + n * 600e6),
      started_at: formatTimeUs(T_US + (n * 600 - 480) * 1e6),
      task_id: "t-1",
      errors: ["AssertionError: total 1090 != 1000"],
      files_modified: [],
    }),
  ),
  waitAt("q1", "AskUserQuestion", 2000 + 1e-6, 300_000_123),
  waitAt("e1", "Edit", 2600, 180e6),
  waitAt("w1", "Write", 2600.5, 240e6),
  waitAt("e2", "Edit", 2610, 10e6),
  waitAt("p1", "ExitPlanMode", 2900, null, { duration_ms: 50 }),
  waitAt("t1", "Task", 2700, 360e6),
  waitAt("b1", "Bash", 2650, 10e6),
  waitAt("q2", "AskUserQuestion", 3500, 7e6, { iteration: 2 }),
  waitAt("w2", "Write", 1000, -1e6),
  waitAt("e3", "Edit", 3700, 5e6),
  waitAt("a1", "AskUserQuestion", 1500, 60e6, { kind: "agent" }),
].join("\n");

describe.each(targets)("human waits per iteration: SQL follows the pure rule on $name", (target) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await target.open();
    await ingestText(h.db, WAIT_TEXT);
  });
  afterAll(async () => {
    await h?.close();
  });
  const interactive = resolveSettings(SHAPE_PROFILES.interactive);
  const autonomous = resolveSettings(SHAPE_PROFILES.autonomous);

  test("same calls, same waits: per iteration, the union of the wait calls' times", async () => {
    const records = await memoryRecords(WAIT_TEXT);
    const memory = buildMemoryInput("r-waits", records);
    const bounds = iterationBounds(memory.runStartUs, memory.iterations);
    const calls = records.filter((r): r is StoredSpan => r.type === "span" && (r.kind === "tool" || r.kind === "llm"));
    const byRule = sumHumanWaits(calls, bounds, interactive);
    expect(byRule).toEqual([
      { iteration: 2, ms: 7000 },
      { iteration: 4, ms: 300_000.123 },
      { iteration: 5, ms: 240_550 },
    ]);
    const input = (await loadAnalysisInput(h.db, "r-waits"))!;
    expect((await totalsAt(input, bounds, {}, interactive)).humanWaits).toEqual(byRule);
    expect((await totalsAt(memory, bounds, {}, interactive)).humanWaits).toEqual(byRule);
    expect((await totalsAt(input, bounds, {}, autonomous)).humanWaits).toEqual([]);
  });

  test("the reports agree; only the interactive lens leaves the waits out of the savings", async () => {
    const read = async (settings: typeof interactive) => {
      const fromDb = await analyzeRun((await loadAnalysisInput(h.db, "r-waits"))!, settings);
      const fromMemory = await analyzeRun(buildMemoryInput("r-waits", await memoryRecords(WAIT_TEXT)), settings);
      expect(fromDb).toEqual(fromMemory);
      return fromDb.loop_breaker.savings;
    };
    // turns 4 and 5 saved: 8 min each from the prompt, less 300.000123 s and 240.55 s
    expect(await read(interactive)).toMatchObject({ iterations: 2, ms: 960_000 - 300_000.123 - 240_550 });
    expect(await read(autonomous)).toMatchObject({ iterations: 2, ms: 1_200_000 });
  });
});
