// The run page's overview (components/run/run-overview.tsx): its figures need
// only the run, so the page sends them at once; the cost and the verdicts
// stream in, and the verdicts' stand-in has their shape, so the page below
// stays put when they arrive.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatRunCost, RunOverview, RunVerdicts, RunVerdictsPending } from "@/components/run/run-overview";
import type { RunDetail } from "@/lib/schemas/api";
import { makeReport, makeRunSummary } from "@/tests/support/analysis-report";

const RUN: RunDetail = {
  ...makeRunSummary({
    run_id: "r-1",
    duration_ms: 3_723_000,
    cost_usd: 1.5,
    counts: { spans: 12_345, failures: 67, iterations: 89, events: 10, tokens: 2_500_000, cache_read_tokens: 180_000 },
  }),
  config: {},
  data_version: 1,
  updated_at: "2026-02-03T11:00:00.000000Z",
};

/** Each figure's test id and value, in order. */
function figuresOf(html: string): Record<string, string> {
  const pairs = html.matchAll(
    /data-testid="figure-([a-z]+)"><div class="label">.*?<\/div><div class="value">([^<]*)</g,
  );
  return Object.fromEntries([...pairs].map((m) => [m[1]!, m[2]!]));
}

const overview = (cost: string, verdicts: React.ReactNode) =>
  renderToStaticMarkup(createElement(RunOverview, { run: RUN, cost, children: verdicts }));

describe("run overview", () => {
  it("shows the run's figures from the run alone, and the cost it is given", () => {
    const pending = figuresOf(overview("…", createElement(RunVerdictsPending)));
    expect(pending).toEqual({
      started: "2026-02-03 10:00:00",
      duration: "1h 2m",
      spans: "12,345",
      failures: "67",
      iterations: "89",
      events: "10",
      tokens: "2.50M",
      cache: "180.0k",
      cost: "…",
    });
    const report = makeReport();
    const ready = figuresOf(overview(formatRunCost(RUN, report), createElement(RunVerdicts, { run: RUN, report })));
    expect(ready).toEqual({ ...pending, cost: "$1.50" });
  });

  it("links Tokens and the cache reads beside them to the one definition of docs/analysis.md#tokens", () => {
    const html = overview("…", createElement(RunVerdictsPending));
    const links = [...html.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map((m) => [m[2], /href="([^"]*)"/.exec(m[1]!)?.[1]]);
    expect(links).toEqual([
      ["Tokens", "/docs/analysis#tokens"],
      ["cache reads", "/docs/analysis#tokens"],
    ]);
  });

  it("holds a busy card in the place of each of the four verdicts until they arrive", () => {
    const pending = overview("…", createElement(RunVerdictsPending));
    const ready = overview("$1.50", createElement(RunVerdicts, { run: RUN, report: makeReport() }));
    expect(pending.match(/class="run-verdict run-verdict-pending/g)).toHaveLength(4);
    expect(pending).toContain('aria-busy="true"');
    expect(ready.match(/data-testid="verdict-(halt|layers|risk|context)"/g)).toHaveLength(4);
    expect(ready).not.toContain("aria-busy");
  });
});
