// lib/report/markdown.ts at scale (docs/dashboard.md#post-mortem): a stuck
// run of 600 iterations — every one a missed compaction, a tool breaker that
// opens over and over — still exports a short report: ranges, grouped
// breaker events, a few sample rows.
import { describe, expect, test } from "vitest";
import { analyzeRun } from "@/lib/analysis/analyze";
import { buildMemoryInput } from "@/lib/analysis/memory-source";
import { renderMarkdownReport } from "@/lib/report/markdown";
import type { RunSummary } from "@/lib/schemas/api";
import type { StoredRecord } from "@/lib/schemas/records";
import { formatTimeUs } from "@/lib/time";
import { atMin, iterations, RUN_START_US, settings, stuck } from "../analysis/iteration-factories";
import { makeSpan } from "../analysis/tool-side-factories";

const COUNT = 600;

function longStuckRun(): StoredRecord[] {
  // iteration n at minute n: stuck, context 90 % full, no compaction event
  const its = iterations(COUNT, () => ({ ...stuck, tokensUsed: 5_000, contextTokens: 90_000, contextWindow: 100_000 }));
  // http_get fails every 20 s for the whole run: its breaker reopens after every cooldown
  const spans = Array.from({ length: COUNT * 3 }, (_, k) => {
    const t0Us = atMin(k / 3);
    return makeSpan({ name: "http_get", at: 0, error: "timeout", t0Us, t1Us: t0Us + 123_456.789 });
  });
  return [...its, ...spans];
}

function summaryOf(): RunSummary {
  const endUs = atMin(COUNT);
  return {
    run_id: "r",
    name: "long stuck run",
    agent: null,
    labels: {},
    cost_usd: 0,
    verdict: null,
    review: { status: "open", category: null },
    shape: "loop",
    outcome: null,
    counts: {
      spans: COUNT * 3,
      failures: COUNT * 3,
      iterations: COUNT,
      events: 0,
      tokens: COUNT * 5_000,
      cache_read_tokens: 0,
    },
    started_at: formatTimeUs(RUN_START_US),
    ended_at: formatTimeUs(endUs),
    duration_ms: (endUs - RUN_START_US) / 1000,
  };
}

/** Every number in plain JSON data. */
function numbersOf(v: unknown, out: number[] = []): number[] {
  if (typeof v === "number") out.push(v);
  else if (Array.isArray(v)) v.forEach((x) => numbersOf(x, out));
  else if (v && typeof v === "object") Object.values(v).forEach((x) => numbersOf(x, out));
  return out;
}

describe("a 600-iteration stuck run", () => {
  test("its Markdown report stays short and lists iterations as ranges, breaker openings as one line", async () => {
    const records = longStuckRun();
    const report = await analyzeRun(buildMemoryInput("r", records), settings());
    expect(report.token_budget.missed_compaction).toHaveLength(COUNT);
    expect(report.tool_breakers[0]!.opened.length).toBeGreaterThan(100);

    const text = renderMarkdownReport(summaryOf(), report);
    expect(text.split("\n").length).toBeLessThan(200);
    expect(text).toContain("missed at iterations 1–600.");
    expect(text).toMatch(/`tool:http_get` OPEN \d+× between /);
    expect(text).toMatch(/_First 5 of \d+ events; the post-mortem page lists them all\._/);
    expect(text).toContain("## Where it would have stopped");
    expect(text).not.toMatch(/(\d+, ){20}/);
  });

  test("no number of its analysis report has more than 3 decimals", async () => {
    const { settings: _settings, ...report } = await analyzeRun(buildMemoryInput("r", longStuckRun()), settings());
    const decimals = (n: number) => (String(n).split(".")[1] ?? "").length;
    const over = numbersOf(report).filter((n) => decimals(n) > 3);
    expect(over).toEqual([]);
    expect(report.tools[0]!.avg_ms).toBe(123.457);
  });
});
