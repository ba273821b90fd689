// The run page's overview and its stand-in while the analysis runs
// (components/run/run-overview.tsx): the stand-in has the overview's shape, so
// the page below it stays put when the verdicts stream in.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RunOverview, RunOverviewPending } from "@/components/run/run-overview";
import type { RunDetail } from "@/lib/schemas/api";
import { makeReport, makeRunSummary } from "@/tests/support/analysis-report";

const RUN: RunDetail = {
  ...makeRunSummary({
    run_id: "r-1",
    duration_ms: 3_723_000,
    counts: { spans: 12_345, failures: 67, iterations: 89, events: 10, tokens: 2_500_000 },
  }),
  config: {},
  data_version: 1,
  updated_at: "2026-02-03T11:00:00.000000Z",
};

/** Each figure's test id and value, in order. */
function figuresOf(html: string): [string, string][] {
  return [
    ...html.matchAll(/data-testid="figure-([a-z]+)"><div class="label">[^<]*<\/div><div class="value">([^<]*)</g),
  ].map((m) => [m[1]!, m[2]!]);
}

describe("run overview while the analysis runs", () => {
  const pending = renderToStaticMarkup(createElement(RunOverviewPending, { run: RUN }));
  const ready = renderToStaticMarkup(createElement(RunOverview, { run: RUN, report: makeReport() }));

  it("shows the run's figures at once, all but the cost the analysis prices", () => {
    const figures = figuresOf(pending);
    expect(figures).toEqual(figuresOf(ready).map(([id, v]) => [id, id === "cost" ? "…" : v]));
    expect(Object.fromEntries(figures)).toMatchObject({ spans: "12,345", iterations: "89", duration: "1h 2m" });
  });

  it("holds a card in the place of each of the four verdicts, marked busy", () => {
    expect(pending.match(/class="run-verdict run-verdict-pending/g)).toHaveLength(4);
    expect(ready.match(/class="run-verdict tone-/g)).toHaveLength(4);
    expect(pending).toContain('aria-busy="true"');
    expect(ready).not.toContain("aria-busy");
  });
});
