// lib/report/markdown: costs in the post-mortem (docs/analysis.md#costs) — the
// saved cost in the verdict, a cost column in the tools table, costs by task;
// an unknown cost is "—" in a table and left out of a sentence, never $0.
import { describe, expect, test } from "vitest";
import { renderMarkdownReport } from "@/lib/report/markdown";
import { makeReport, makeToolRow, makeRunSummary } from "@/tests/support/analysis-report";

const run = makeRunSummary();
const halted = (cost_usd: number | null) =>
  makeReport({
    loop_breaker: {
      transitions: [],
      final_state: "OPEN",
      would_have_halted_at: { iteration: 11, at: "2026-02-03T10:16:24.000000Z", reason: "negative_window" },
      savings: { iterations: 18, tokens: 141633, ms: 60_000, cost_usd },
    },
    // The halt is the run's verdict (docs/analysis.md#verdict).
    verdict: {
      tripped: true,
      breaker: "loop_breaker",
      iteration: 11,
      at: "2026-02-03T10:16:24.000000Z",
      would_save: { iterations: 18, tokens: 141633, ms: 60_000 },
      notes: [],
    },
  });

describe("costs in the Markdown post-mortem", () => {
  test("the verdict names the saved cost when it is known", () => {
    expect(renderMarkdownReport(run, halted(1.234))).toContain("saving 18 iterations, 141.6k tokens, $1.23 and");
  });

  test("the recommendation to enable the loop breaker names the saved cost, and the header the run's", () => {
    const md = renderMarkdownReport(run, { ...halted(0.714), tools: [makeToolRow("llm_call", 3, 0, 900, 1.25)] });
    expect(md).toContain("saved 141.6k tokens, $0.714 and 1m 0s.");
    expect(md).toMatch(/· 0 tokens · \$1\.25\n/);
  });

  test("an unknown saved cost is left out of the sentence, never $0", () => {
    const md = renderMarkdownReport(run, halted(null));
    expect(md).toContain("saving 18 iterations, 141.6k tokens and");
    expect(md).not.toContain("$0");
  });

  test("the tools table has a cost column; an unknown cost is —", () => {
    const md = renderMarkdownReport(
      run,
      makeReport({ tools: [makeToolRow("llm", 2, 0, 10, 0.042), makeToolRow("Bash", 1, 0, 5)] }),
    );
    expect(md).toContain("| llm | 2 | 0 | 0 % | 10 ms | 5 ms | $0.042 |");
    expect(md).toMatch(/\| Bash \|.*\| — \|/);
  });

  test("costs by task appear when some task's cost is known", () => {
    expect(
      renderMarkdownReport(run, makeReport({ tasks: [{ task_id: "t", tokens: 10, cost_usd: null }] })),
    ).not.toContain("## Costs by task");
    const md = renderMarkdownReport(
      run,
      makeReport({
        tasks: [
          { task_id: "t-1", tokens: 12_000, cost_usd: 2.5 },
          { task_id: "t-2", tokens: null, cost_usd: null },
        ],
      }),
    );
    expect(md).toContain("## Costs by task");
    expect(md).toContain("| t-1 | 12.0k | $2.50 |");
    expect(md).toContain("| t-2 | — | — |");
  });
});
