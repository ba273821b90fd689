// lib/plural.ts at its call sites: a page, the post-mortem's recommendations
// and the timeline's status line say "1 trip", "1 call ran over", "1 span",
// and the plural from 2 on.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { WhatIfTrips } from "@/components/what-if/whatif-summary";
import { recommend } from "@/lib/report/recommendations";
import { describeTimelineLoad } from "@/lib/timeline/status";
import type { Trip } from "@/lib/what-if/trips";
import { makeReport } from "@/tests/support/analysis-report";

const trip = (n: number): Trip => ({ key: `loop@${n}`, breaker: "loop", label: `loop opens @${n}`, at: "t" });
const tripsText = (kept: number, appeared = 0) =>
  renderToStaticMarkup(
    createElement(WhatIfTrips, {
      diff: { kept: [1, 2, 3].slice(0, kept).map(trip), appeared: [9].slice(0, appeared).map(trip), disappeared: [] },
    }),
  ).replace(/<[^>]+>/g, " ");

describe("the what-if trips", () => {
  test.each([
    [0, "No trip in either analysis."],
    [1, "The same 1 trip in both analyses."],
    [2, "The same 2 trips in both analyses."],
  ])("%d kept, none changed: %s", (kept, text) => {
    expect(tripsText(kept)).toContain(text);
  });

  test("the list's last line agrees too", () => {
    expect(tripsText(1, 1)).toContain("1 trip in both.");
    expect(tripsText(2, 1)).toContain("2 trips in both.");
  });
});

describe("a recommendation", () => {
  const timeouts = (exceeded_calls: number) =>
    recommend(makeReport({ timeouts: [{ tool: "run_tests", timeout_s: 60, exceeded_calls, excess_ms: 5_000 }] }));

  test("1 call ran over; 2 calls ran over", () => {
    expect(timeouts(1)).toContain("Cut `run_tests` at 60 s: 1 call ran over, 5.0 s in all.");
    expect(timeouts(2)).toContain("Cut `run_tests` at 60 s: 2 calls ran over, 5.0 s in all.");
  });
});

describe("the timeline's status line", () => {
  const load = (loaded: number, rows: number) =>
    describeTimelineLoad({ loaded, total: loaded, rows, done: true, filtered: false, error: null });

  test("1 span · 1 row; 2 spans · 2 rows", () => {
    expect(load(1, 1)).toBe("1 span · 1 row");
    expect(load(2, 2)).toBe("2 spans · 2 rows");
  });
});
