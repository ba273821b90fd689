// docs/analysis.md#costs: a logged cost wins, tokens are priced by the model's
// price (exact id, else the longest prefix), and an unknown cost stays null.
import { describe, expect, test } from "vitest";
import { analyzeRun } from "@/lib/analysis/analyze";
import { costOfSum, costsBy, modelOf, priceOf, sumSpanCosts, type SpanCostSum } from "@/lib/analysis/costs";
import { createLoopBreaker, loopBreakerReport, stepLoopBreaker } from "@/lib/analysis/loop-breaker";
import { buildMemoryInput } from "@/lib/analysis/memory-source";
import {
  DEFAULT_SETTINGS,
  parseSettingsParams,
  resolveSettings,
  settingsFromConfig,
  type ModelPrice,
} from "@/lib/analysis/settings";
import { iterations, views } from "./iteration-factories";
import { makeSpan, us } from "./tool-side-factories";
import { blankIteration, blankTask } from "@/tests/support/records";

const PRICES: Record<string, ModelPrice> = {
  "claude-sonnet-4": { input: 3, output: 15 },
  "claude-sonnet-4-5": { input: 4, output: 20 },
  "exact-model": { input: 1, output: 1 },
};
const sum = (over: Partial<SpanCostSum>): SpanCostSum => ({
  iteration: 1,
  taskId: null,
  tool: "llm",
  model: "claude-sonnet-4-20250514",
  loggedUsd: null,
  tokensIn: 0,
  tokensOut: 0,
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

  test("the default prices cover the current Claude and GPT families", () => {
    for (const id of ["claude-opus-4-1-20250805", "claude-haiku-4-5", "gpt-4o-2024-08-06", "gpt-4.1-mini", "gpt-5"])
      expect(priceOf(id, DEFAULT_SETTINGS.prices), id).not.toBeNull();
    expect(priceOf("gpt-4o-mini-2024-07-18", DEFAULT_SETTINGS.prices)).toEqual(DEFAULT_SETTINGS.prices["gpt-4o-mini"]);
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
    expect(costOfSum(sum({ tokensIn: 1_000_000, tokensOut: 100_000 }), PRICES)).toBeCloseTo(4.5, 10);
  });

  test("a logged cost wins over the tokens' price", () => {
    const calls = [
      {
        iteration: 1,
        taskId: null,
        t0Us: 0,
        tool: "llm",
        model: "claude-sonnet-4",
        tokensIn: 9e6,
        tokensOut: 9e6,
        costUsd: 0.25,
      },
      {
        iteration: 1,
        taskId: null,
        t0Us: 1,
        tool: "llm",
        model: "claude-sonnet-4",
        tokensIn: 1e6,
        tokensOut: 0,
        costUsd: null,
      },
    ];
    const [s] = sumSpanCosts(calls, () => null);
    expect(s).toMatchObject({ loggedUsd: 0.25, tokensIn: 1e6, tokensOut: 0 });
    expect(costOfSum(s!, PRICES)).toBeCloseTo(3.25, 10);
  });

  test("no price and no logged cost is null, not 0", () => {
    expect(costOfSum(sum({ model: "my-local-model", tokensIn: 500 }), PRICES)).toBeNull();
    expect(costOfSum(sum({ model: null, tokensIn: 500 }), PRICES)).toBeNull();
    const byTool = costsBy(
      [sum({ model: null, tokensIn: 5 }), sum({ tool: "b", loggedUsd: 0.5 })],
      (s) => s.tool,
      PRICES,
    );
    expect([...byTool]).toEqual([
      ["llm", null],
      ["b", 0.5],
    ]);
  });

  test("a call naming no iteration is placed by its t0", () => {
    const call = {
      iteration: null,
      taskId: "t",
      t0Us: 7,
      tool: "x",
      model: null,
      tokensIn: null,
      tokensOut: null,
      costUsd: 1,
    };
    expect(sumSpanCosts([call], (t0) => t0 * 10)[0]).toMatchObject({ iteration: 70, loggedUsd: 1 });
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
  test("prices merge per model across layers, over the defaults", () => {
    const s = resolveSettings(
      { prices: { "my-model": { input: 1, output: 2 } } },
      { prices: { "gpt-5": { input: 9, output: 9 } } },
    );
    expect(s.prices["my-model"]).toEqual({ input: 1, output: 2 });
    expect(s.prices["gpt-5"]).toEqual({ input: 9, output: 9 });
    expect(s.prices["claude-sonnet-4"]).toEqual(DEFAULT_SETTINGS.prices["claude-sonnet-4"]);
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
