import { describe, expect, test } from "vitest";
import { commentMarkdownLines } from "@/lib/report/comments-markdown";
import { sanitizeMarkdown } from "@/lib/report/markdown-safety";
import { makeComment } from "../comments/factories";

describe("the post-mortem's comments", () => {
  test("each thread shows its anchor, its replies indented under it", () => {
    const lines = commentMarkdownLines([
      makeComment({ comment_id: "c1", span_id: "it1.s05", body: "retry storm" }),
      makeComment({ comment_id: "c2", iteration: 7, author: "ben", body: "score drops" }),
      makeComment({ comment_id: "r1", parent_id: "c1", author: "cy", body: "agreed\n# not a heading" }),
      makeComment({ comment_id: "c3", at: "2026-03-04T10:00:05Z", body: "here" }),
      makeComment({ comment_id: "c4", body: "overall", edited_at: "2026-03-04T11:00:00Z" }),
    ]);
    expect(lines).toEqual([
      "- **ana** (2026-03-04 10:00:00) on span it1.s05: retry storm",
      "  - **cy** (2026-03-04 10:00:00): agreed\n    \\# not a heading",
      "- **ben** (2026-03-04 10:00:00) at iteration 7: score drops",
      "- **ana** (2026-03-04 10:00:00) at 2026-03-04 10:00:05 UTC: here",
      "- **ana** (2026-03-04 10:00:00, edited): overall",
    ]);
  });

  test("a comment's script and script link stay inert in the finished document", () => {
    const body = "<script>alert(1)</script> [x](javascript:alert(1))";
    const md = sanitizeMarkdown(commentMarkdownLines([makeComment({ comment_id: "c", body })]).join("\n"));
    expect(md).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(md).not.toContain("javascript:");
  });

  test("no comments reads as such", () => {
    expect(commentMarkdownLines([])).toEqual(["_no comments yet_"]);
  });
});
