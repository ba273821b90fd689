// The review at the head of the post-mortem's Markdown (docs/dashboard.md#review):
// status and root cause, the reviewer's verdict, the action items as a task
// list, and a link back to the run. Pure; the caller sanitises the whole text
// (markdown-safety.ts), and every team text stays on its own lines here.
import { REVIEW_CATEGORY_LABELS, type ReviewOut } from "../schemas/review";
import { formatTimestamp } from "../format";
import { indentedLines, oneLine } from "./markdown-safety";

/** Lines of the "Review" section; none for a run nobody reviewed (open, no verdict, no actions). */
export function reviewMarkdownLines(review: ReviewOut | null, runUrl: string | null): string[] {
  const out: string[] = [];
  if (review && (review.updated_at !== null || review.verdict || review.actions.length)) {
    const category = review.category ? ` · root cause: **${REVIEW_CATEGORY_LABELS[review.category]}**` : "";
    const by = review.updated_by ? ` by ${oneLine(review.updated_by)}` : "";
    const when = review.updated_at ? ` (${formatTimestamp(review.updated_at)} UTC)` : "";
    out.push("## Review", "", `Status: **${review.status}**${category}${by}${when}`, "");
    if (review.verdict) out.push(`> ${indentedLines(review.verdict, "> ")}`, "");
    if (review.actions.length) {
      out.push("### Action items", "");
      for (const a of review.actions)
        out.push(`- [${a.done ? "x" : " "}] ${oneLine(a.text)}${a.owner ? ` — ${oneLine(a.owner)}` : ""}`);
      out.push("");
    }
  }
  if (runUrl) out.push(`[Open the run in Loopscope](${runUrl})`, "");
  return out;
}
