// lib/report/review-markdown.ts: the review section at the head of the Markdown post-mortem.
import { describe, expect, test } from "vitest";
import { reviewMarkdownLines } from "@/lib/report/review-markdown";
import { EMPTY_REVIEW } from "@/lib/schemas/review";

describe("the review section of the Markdown post-mortem", () => {
  test("a run nobody reviewed has no section, only the link back when there is one", () => {
    expect(reviewMarkdownLines(EMPTY_REVIEW, null)).toEqual([]);
    expect(reviewMarkdownLines(null, "http://x/runs/r")).toEqual(["[Open the run in Loopscope](http://x/runs/r)", ""]);
  });

  test("status, root cause, reviewer, a verdict of several lines quoted line by line, actions as a task list", () => {
    const lines = reviewMarkdownLines(
      {
        status: "done",
        category: "none",
        verdict: "fine after all\n# not a heading",
        actions: [
          { text: "nothing to do\nreally", owner: "", done: false },
          { text: "close it", owner: "ben", done: true },
        ],
        updated_at: "2026-02-03T10:00:00.000000Z",
        updated_by: "Ana",
      },
      null,
    );
    expect(lines).toEqual([
      "## Review",
      "",
      "Status: **done** · root cause: **none — healthy** by Ana (2026-02-03 10:00:00 UTC)",
      "",
      "> fine after all\n> \\# not a heading",
      "",
      "### Action items",
      "",
      "- [ ] nothing to do really",
      "- [x] close it — ben",
      "",
    ]);
  });
});
