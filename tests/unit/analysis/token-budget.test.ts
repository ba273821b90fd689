import { describe, expect, test } from "vitest";
import { replayTokenBudget, tierOf } from "@/lib/analysis/token-budget";
import { iterations, makeEvent, views } from "./iteration-factories";

/** One iteration a minute with the given fills (percent of a 1000-token window; null = not logged). */
const filled = (fills: (number | null)[]) =>
  iterations(fills.length, (n) => {
    const f = fills[n - 1];
    return f == null ? {} : { contextTokens: f * 10, contextWindow: 1000 };
  });

describe("token budget tiers (docs/analysis.md#token-budget)", () => {
  test.each([
    [0, "NORMAL"],
    [69.99, "NORMAL"],
    [70, "WARNING"],
    [80, "AUTO_COMPACT"],
    [91.9, "AUTO_COMPACT"],
    [92, "SNIP_COMPACT"],
    [95, "REJECT"],
    [100, "REJECT"],
    [130, "REJECT"],
  ])("a fill of %d %% is %s", (fill, tier) => {
    expect(tierOf(fill)).toBe(tier);
  });

  test("tiers per iteration; an iteration without a logged fill has none", () => {
    const r = replayTokenBudget(views(filled([50, null, 75])), []);
    expect(r.iterations).toEqual([
      { n: 1, fill_pct: 50, tier: "NORMAL", tokens: null, cost_usd: null },
      { n: 2, fill_pct: null, tier: null, tokens: null, cost_usd: null },
      { n: 3, fill_pct: 75, tier: "WARNING", tokens: null, cost_usd: null },
    ]);
  });

  test("transitions start from NORMAL and skip iterations without a fill", () => {
    const r = replayTokenBudget(views(filled([10, 85, null, 85, 60])), []);
    expect(r.transitions.map((t) => `${t.from}>${t.to}@${t.iteration}`)).toEqual([
      "NORMAL>AUTO_COMPACT@2",
      "AUTO_COMPACT>NORMAL@5",
    ]);
  });
});

describe("mismatches with the log", () => {
  test("fill ≥ 80 % without a compaction before the next iteration is a missed compaction", () => {
    // it1 85 % (compaction at 1.5) | it2 90 % (none) | it3 79 % | it4 96 % (the last: compaction at 9)
    const r = replayTokenBudget(views(filled([85, 90, 79, 96])), [
      makeEvent("compaction", 1.5),
      makeEvent("compaction", 9),
    ]);
    expect(r.missed_compaction).toEqual([2]);
  });

  test("a missed compaction looks for a compaction in [its ts, the next iteration's ts], both ends included", () => {
    // it1 85 %: a compaction at 1 min, its own ts | it2 85 %: one at 3 min, it3's ts | it3 85 %: the same, its own ts
    const its = filled([85, 85, 85]);
    expect(
      replayTokenBudget(views(its), [makeEvent("compaction", 1), makeEvent("compaction", 3)]).missed_compaction,
    ).toEqual([]);
    // a compaction just before its ts (0.99) or just after the next ts (2.01) does not count for it1
    expect(
      replayTokenBudget(views(filled([85, 10])), [makeEvent("compaction", 0.99), makeEvent("compaction", 2.01)])
        .missed_compaction,
    ).toEqual([1]);
  });

  test("a compaction_failed followed by a compaction, a clear or a tier drop has a fallback", () => {
    const its = filled([93, 93, 93, 70]);
    const events = [
      makeEvent("compaction_failed", 0.5), // then a compaction at 0.7: fallback
      makeEvent("compaction", 0.7),
      makeEvent("compaction_failed", 1.5), // nothing before it2 ends, tier unchanged: no fallback
      makeEvent("compaction_failed", 2.5), // nothing, but it3 → it4 is not its window: no fallback
      makeEvent("compaction_failed", 3.5), // it4 drops to WARNING: fallback
    ];
    expect(replayTokenBudget(views(its), events).no_fallback).toBe(2);
  });

  test("a compaction_failed after the last iteration needs a later snip event", () => {
    const its = filled([93]);
    expect(replayTokenBudget(views(its), [makeEvent("compaction_failed", 2)]).no_fallback).toBe(1);
    expect(
      replayTokenBudget(views(its), [makeEvent("compaction_failed", 2), makeEvent("context_cleared", 3)]).no_fallback,
    ).toBe(0);
  });
});
