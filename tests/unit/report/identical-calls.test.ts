// lib/report: the post-mortem's identical calls (docs/analysis.md#identical-calls) —
// a Markdown table of the repeated inputs and one recommendation each.
import { describe, expect, test } from "vitest";
import { renderMarkdownReport } from "@/lib/report/markdown";
import { recommend } from "@/lib/report/recommendations";
import { makeReport, makeRunSummary } from "@/tests/support/analysis-report";

const run = makeRunSummary();
const repeated = {
  tool: "search",
  input: '{"q":"a|b `x`"}',
  calls: 28,
  first_at: "2026-02-03T10:21:01.728194Z",
  iteration: 14,
};

describe("identical calls in the post-mortem", () => {
  test("the Markdown lists each repeated input with its calls, first repeat and iteration", () => {
    const md = renderMarkdownReport(run, makeReport({ repeated_calls: [repeated] }), []);
    expect(md).toContain("## Identical calls");
    expect(md).toContain('| search | `{"q":"a\\|b \'x\'"}` | 28 | 2026-02-03 10:21:01 | 14 |');
  });

  test("none: the section says so", () => {
    expect(renderMarkdownReport(run, makeReport(), [])).toMatch(/## Identical calls\n\n_none_/);
  });

  test("each repeated input gets a recommendation naming the tool and the input", () => {
    expect(recommend(makeReport({ repeated_calls: [repeated] }))).toContain(
      'Stop `search` from being called again with the same input (28 calls with `{"q":"a|b \'x\'"}`): cache its result, or make the agent change its approach.',
    );
  });
});
