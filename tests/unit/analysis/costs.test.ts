// docs/analysis.md#costs: a logged cost wins, tokens are priced by the model's
// price (a `prices` entry: exact id, else the longest prefix), the cache-read
// and cache-write parts of tokens_in at their own prices, and an unknown cost
// stays null. The catalog's prices: price-catalog.test.ts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { analyzeRun } from "@/lib/analysis/analyze";
import { cacheSharesOf } from "@/lib/analysis/cache-tokens";
import {
  costOfSum,
  costsBy,
  modelOf,
  priceOf,
  sumSpanCosts,
  type SpanCost,
  type SpanCostSum,
} from "@/lib/analysis/costs";
import { createLoopBreaker, loopBreakerReport, stepLoopBreaker } from "@/lib/analysis/loop-breaker";
import { buildMemoryInput } from "@/lib/analysis/memory-source";
import { makePricer } from "@/lib/analysis/pricer";
import {
  DEFAULT_SETTINGS,
  parseSettingsParams,
  resolveSettings,
  settingsFromConfig,
  type ModelPrice,
} from "@/lib/analysis/settings";
import { iterations, views } from "./iteration-factories";
import { makeSpan, us } from "./tool-side-factories";
import { analyzeImported, importFixture } from "@/tests/support/import";
import { blankIteration, blankTask } from "@/tests/support/records";

const PRICES: Record<string, ModelPrice> = {
  "claude-sonnet-4": { input: 3, output: 15 },
  "claude-sonnet-4-5": { input: 4, output: 20 },
  "exact-model": { input: 1, output: 1 },
  "cached-model": { input: 3, output: 15, cache_read: 0.3, cache_write: 3.75 },
};
/** PRICES as the `prices` setting: they win over the catalog. */
const OVERRIDES = makePricer(PRICES, 0);
const sum = (over: Partial<SpanCostSum>): SpanCostSum => ({
  iteration: 1,
  taskId: null,
  tool: "llm",
  model: "claude-sonnet-4-20250514",
  sizeBand: 0,
  loggedUsd: null,
  tokensIn: 0,
  tokensOut: 0,
  cacheRead: 0,
  cacheWrite: 0,
  cacheWrite1h: 0,
  ...over,
});
const call = (over: Partial<SpanCost>): SpanCost => ({
  iteration: 1,
  taskId: null,
  t0Us: 0,
  tool: "llm",
  model: "claude-sonnet-4",
  tokensIn: null,
  tokensOut: null,
  cacheRead: 0,
  cacheWrite: 0,
  cacheWrite1h: 0,
  costUsd: null,
  ...over,
});

describe("model prices", () => {
  test("a dated model id is priced by the longest price key it starts with", () => {
    expect(priceOf("claude-sonnet-4-20250514", PRICES)).toEqual({ input: 3, output: 15 });
    expect(priceOf("claude-sonnet-4-5-20250929", PRICES)).toEqual({ input: 4, output: 20 });
  });

  test("an exact id wins; an id that only shares a shorter stem has no price", () => {
    expect(priceOf("exact-model", PRICES)).toEqual({ input: 1, output: 1 });
    expect(priceOf("claude-sonnet", PRICES)).toBeNull();
    expect(priceOf(null, PRICES)).toBeNull();
  });

  test("the catalog prices the current Claude and GPT families; the defaults override nothing", () => {
    const catalog = makePricer(DEFAULT_SETTINGS.prices, 0);
    for (const id of ["claude-opus-4-1-20250805", "claude-haiku-4-5", "gpt-4o-2024-08-06", "gpt-4.1-mini", "gpt-5"])
      expect(catalog.sourceOf(id), id).toMatchObject({ source: "catalog" });
    expect(catalog.priceOf("gpt-4o-mini-2024-07-18", 0)).toMatchObject({ input: 0.15, output: 0.6 });
    expect(DEFAULT_SETTINGS.prices).toEqual({});
  });

  test("the model is meta.model, else an llm span's name; a tool span has none", () => {
    expect(modelOf("llm", "api_request", { model: "claude-sonnet-4" })).toBe("claude-sonnet-4");
    expect(modelOf("llm", "gpt-4o", {})).toBe("gpt-4o");
    expect(modelOf("tool", "Bash", {})).toBeNull();
    expect(modelOf("llm", "chat", { "gen_ai.request.model": "gpt-5" })).toBe("gpt-5");
  });
});

describe("call costs", () => {
  test("tokens × the model's price per million tokens", () => {
    expect(costOfSum(sum({ tokensIn: 1_000_000, tokensOut: 100_000 }), OVERRIDES)).toBeCloseTo(4.5, 10);
  });

  test("a logged cost wins over the tokens' price", () => {
    const calls = [
      call({ t0Us: 0, tokensIn: 9e6, tokensOut: 9e6, costUsd: 0.25 }),
      call({ t0Us: 1, tokensIn: 1e6, tokensOut: 0 }),
    ];
    const [s] = sumSpanCosts(calls, () => null);
    expect(s).toMatchObject({ loggedUsd: 0.25, tokensIn: 1e6, tokensOut: 0 });
    expect(costOfSum(s!, OVERRIDES)).toBeCloseTo(3.25, 10);
  });

  test("no price and no logged cost is null, not 0", () => {
    expect(costOfSum(sum({ model: "my-local-model", tokensIn: 500 }), OVERRIDES)).toBeNull();
    expect(costOfSum(sum({ model: null, tokensIn: 500 }), OVERRIDES)).toBeNull();
    const byTool = costsBy(
      [sum({ model: null, tokensIn: 5 }), sum({ tool: "b", loggedUsd: 0.5 })],
      (s) => s.tool,
      OVERRIDES,
    );
    expect([...byTool]).toEqual([
      ["llm", null],
      ["b", 0.5],
    ]);
  });

  test("a call naming no iteration is placed by its t0", () => {
    const unplaced = call({ iteration: null, taskId: "t", t0Us: 7, tool: "x", model: null, costUsd: 1 });
    expect(sumSpanCosts([unplaced], (t0) => t0 * 10)[0]).toMatchObject({ iteration: 70, loggedUsd: 1 });
  });
});

describe("cache tokens", () => {
  test("a cache read is priced at the model's cache_read price", () => {
    // 200k plain × $3 + 800k read × $0.30 (not 1M × $3 = $3)
    expect(costOfSum(sum({ model: "cached-model", tokensIn: 1e6, cacheRead: 8e5 }), OVERRIDES)).toBeCloseTo(0.84, 10);
  });

  test("a cache write is priced at the model's cache_write price", () => {
    // 800k plain × $3 + 200k written × $3.75
    expect(costOfSum(sum({ model: "cached-model", tokensIn: 1e6, cacheWrite: 2e5 }), OVERRIDES)).toBeCloseTo(3.15, 10);
  });

  test("a price without cache_read prices cache reads as input", () => {
    expect(costOfSum(sum({ tokensIn: 1e6, cacheRead: 9e5, cacheWrite: 1e5 }), OVERRIDES)).toBeCloseTo(3, 10);
    // cache_read but no cache_write: 400k × $1.25 + 500k read × $0.125 + 100k written × $1.25
    const readOnly = { "gpt-x": { input: 1.25, output: 10, cache_read: 0.125 } };
    const s = sum({ model: "gpt-x", tokensIn: 1e6, cacheRead: 5e5, cacheWrite: 1e5 });
    expect(costOfSum(s, makePricer(readOnly, 0))).toBeCloseTo(0.6875, 10);
  });

  test("shares above tokens_in are clamped", () => {
    const meta = (read: unknown, write: unknown) => ({
      cache_read_input_tokens: read,
      cache_creation_input_tokens: write,
    });
    expect(cacheSharesOf(1000, meta(5000, 10))).toEqual({ read: 1000, write: 0 });
    expect(cacheSharesOf(1000, meta(700, 500))).toEqual({ read: 700, write: 300 });
    expect(cacheSharesOf(null, meta(700, 500))).toEqual({ read: 0, write: 0 });
    expect(cacheSharesOf(1000, meta(-5, 20))).toEqual({ read: 0, write: 20 });
  });

  test("each log's cache keys give the shares; the first key holding a number wins", () => {
    expect(cacheSharesOf(900, { cached_input_tokens: 600 })).toEqual({ read: 600, write: 0 });
    const genAi = { "gen_ai.usage.cache_read.input_tokens": 50, "gen_ai.usage.cache_creation.input_tokens": 7 };
    expect(cacheSharesOf(100, genAi)).toEqual({ read: 50, write: 7 });
    expect(cacheSharesOf(100, { "gen_ai.usage.cache_read_input_tokens": 40 })).toEqual({ read: 40, write: 0 });
    const mixed = {
      cache_read_input_tokens: "80",
      cached_input_tokens: 30,
      "gen_ai.usage.cache_read.input_tokens": 90,
    };
    expect(cacheSharesOf(100, mixed)).toEqual({ read: 30, write: 0 });
    expect(cacheSharesOf(100, null)).toEqual({ read: 0, write: 0 });
  });

  test("a logged cost_usd still wins over priced cache tokens", async () => {
    // 1M in = 100k plain ($0.30) + 800k read ($0.24) + 100k written ($0.375); 10k out ($0.15);
    // the other call logs $0.50, so its 5M cached tokens are not priced
    const records = [
      makeSpan({
        name: "api_request",
        kind: "llm",
        at: 1,
        tokensIn: 1_000_000,
        tokensOut: 10_000,
        meta: { model: "cached-model", cache_read_input_tokens: 800_000, cache_creation_input_tokens: 100_000 },
      }),
      makeSpan({
        name: "api_request",
        kind: "llm",
        at: 2,
        tokensIn: 5_000_000,
        costUsd: 0.5,
        meta: { model: "cached-model", cache_read_input_tokens: 5_000_000 },
      }),
    ];
    const report = await analyzeRun(buildMemoryInput("r", records), resolveSettings({ prices: PRICES }));
    expect(report.tools[0]?.cost_usd).toBeCloseTo(0.3 + 0.24 + 0.375 + 0.15 + 0.5, 10);
    const [s] = sumSpanCosts(
      [call({ tokensIn: 2000, cacheRead: 2000, costUsd: 0.5 }), call({ tokensIn: 10 })],
      () => null,
    );
    expect(s).toMatchObject({ loggedUsd: 0.5, tokensIn: 10, cacheRead: 0, cacheWrite: 0 });
  });
});

describe("cache tokens in imported logs", () => {
  const fixture = (file: string) => readFileSync(path.resolve(import.meta.dirname, "../../fixtures/import", file));
  /** The priced tools of an imported fixture (its tool calls log no cost and have no model). */
  const costOf = async (file: string, runId: string) => {
    const report = await analyzeImported((await importFixture(null, fixture(file), { runId })).records, runId);
    return report.tools.filter((t) => t.cost_usd !== null).map((t) => [t.tool, t.cost_usd]);
  };

  test("a Claude Code session's cache reads and writes are priced at the catalog's claude-sonnet-4-5 cache prices", async () => {
    // 511 296 in = 96 plain × $3 + 493 200 read × $0.30 + 18 000 written × $3.75; 1 260 out × $15
    // (all 511 296 as input would be $1.552788)
    expect(await costOf("claude-code/stuck-pytest.jsonl", "cc")).toEqual([["claude-sonnet-4-5-20250929", 0.234648]]);
  });

  test("a Codex session's cached input is priced at gpt-5's cache_read price", async () => {
    // 84 154 in = 21 690 plain × $1.25 + 62 464 cached × $0.125; 2 060 out × $10 = $0.0555205,
    // 0.055521 in the report's six places (all 84 154 as input would be $0.125793)
    const file = "codex/rollout-2025-10-14T09-12-03-0199e1a4-3c2b-7d10-9f4e-5a6b7c8d9e01.jsonl";
    expect(await costOf(file, "cx")).toEqual([["gpt-5-codex", 0.055521]]);
  });
});

describe("costs in the report", () => {
  test("the saved iterations' cost is what their calls cost; unknown stays null", () => {
    const b = createLoopBreaker(30);
    const vs = views(iterations(3, () => ({ tokensUsed: 10 })));
    vs[1]!.costUsd = 0.5;
    stepLoopBreaker(b, vs[0]!, -1, "negative_window");
    stepLoopBreaker(b, vs[1]!, 0, null);
    stepLoopBreaker(b, vs[2]!, 0, null);
    expect(loopBreakerReport(b).savings).toMatchObject({ iterations: 2, cost_usd: 0.5 });

    const unknown = createLoopBreaker(30);
    const plain = views(iterations(2, () => ({})));
    stepLoopBreaker(unknown, plain[0]!, -1, "negative_window");
    stepLoopBreaker(unknown, plain[1]!, 0, null);
    expect(loopBreakerReport(unknown).savings).toMatchObject({ iterations: 1, cost_usd: null });
  });

  test("tools and tasks carry their calls' cost; a call without task_id counts for its iteration's task", async () => {
    // iteration 1 (task a): llm 1M in (claude-sonnet-4: $3) + a logged $0.25 | iteration 2 (task b): Bash, no cost
    const records = [
      { ...blankIteration(1, us(10)), runId: "r", taskId: "a" },
      { ...blankIteration(2, us(20)), runId: "r", taskId: "b" },
      { ...blankTask("b"), runId: "r" },
      makeSpan({
        name: "api_request",
        kind: "llm",
        at: 1,
        tokensIn: 1_000_000,
        meta: { model: "claude-sonnet-4-20250514" },
      }),
      makeSpan({
        name: "api_request",
        kind: "llm",
        at: 2,
        taskId: "a",
        tokensIn: 5,
        costUsd: 0.25,
        meta: { model: "x" },
      }),
      makeSpan({ name: "Bash", at: 15 }),
    ];
    const report = await analyzeRun(buildMemoryInput("r", records), resolveSettings({ prices: PRICES }));
    expect(report.tools.map((t) => [t.tool, t.cost_usd])).toEqual([
      ["api_request", 3.25],
      ["Bash", null],
    ]);
    expect(report.tasks).toEqual([
      { task_id: "a", tokens: 1_000_005, cost_usd: 3.25 },
      { task_id: "b", tokens: 0, cost_usd: null },
    ]);
  });
});

describe("the prices setting", () => {
  test("prices merge per model across layers", () => {
    const s = resolveSettings(
      { prices: { "my-model": { input: 1, output: 2 } } },
      { prices: { "gpt-5": { input: 9, output: 9 } } },
    );
    expect(s.prices["my-model"]).toEqual({ input: 1, output: 2 });
    expect(s.prices["gpt-5"]).toEqual({ input: 9, output: 9 });
    expect(Object.keys(s.prices).sort()).toEqual(["gpt-5", "my-model"]); // no defaults: the catalog prices the rest
  });

  test("a query gives prices as JSON; a bad price names the setting", () => {
    const good = parseSettingsParams([["prices", '{"m":{"input":1,"output":2,"cache_read":0.1}}']]);
    expect(good).toEqual({ ok: true, settings: { prices: { m: { input: 1, output: 2, cache_read: 0.1 } } } });
    const bad = parseSettingsParams([["prices", '{"m":{"input":-1,"output":2}}']]);
    expect(bad).toMatchObject({ ok: false, param: "prices" });
    expect(parseSettingsParams([["prices", "not json"]])).toMatchObject({ ok: false, param: "prices" });
  });

  test("a run's config may carry prices; an invalid one is dropped", () => {
    expect(settingsFromConfig({ prices: { m: { input: 1, output: 1 } } })).toEqual({
      prices: { m: { input: 1, output: 1 } },
    });
    expect(settingsFromConfig({ prices: { m: { input: "x" } } })).toEqual({});
  });
});
