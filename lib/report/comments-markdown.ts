// The Comments section of the post-mortem Markdown (docs/api.md#post-mortem-report):
// each thread as a list item with its anchor ("on span X", "at iteration N",
// "at <time>") and its replies as a nested list. The text stays as the team
// wrote it; the finished document is made inert by markdown-safety.ts
// (sanitizeMarkdown), so a `<script>` in a comment is text there too. Pure; O(comments).
import { describeAnchor, groupThreads } from "../comments/threads";
import { formatTimestamp } from "../format";
import type { CommentOut } from "../schemas/comments";
import { indentedLines, oneLine } from "./markdown-safety";

/** What the report needs of a comment; anchors and parent default to none (the run as a whole). */
export type ReportComment = Pick<CommentOut, "author" | "body" | "created_at"> &
  Partial<Pick<CommentOut, "comment_id" | "span_id" | "iteration" | "at" | "parent_id" | "edited_at">>;

const filled = (c: ReportComment, i: number): CommentOut => ({
  comment_id: c.comment_id ?? `#${i}`,
  author: c.author,
  body: c.body,
  created_at: c.created_at,
  edited_at: c.edited_at ?? null,
  span_id: c.span_id ?? null,
  iteration: c.iteration ?? null,
  at: c.at ?? null,
  parent_id: c.parent_id ?? null,
  author_user_id: null,
});

const atUtc = (iso: string) => `${formatTimestamp(iso)} UTC`;

function item(c: CommentOut, indent: string, anchor: string | null): string {
  const where = anchor === null ? "" : ` ${oneLine(anchor)}`;
  const edited = c.edited_at === null ? "" : ", edited";
  const head = `${indent}- **${oneLine(c.author)}** (${formatTimestamp(c.created_at)}${edited})${where}`;
  return `${head}: ${indentedLines(c.body, `${indent}  `)}`;
}

/** The section's lines: threads oldest first, replies indented under their first comment. */
export function commentMarkdownLines(comments: readonly ReportComment[]): string[] {
  if (comments.length === 0) return ["_no comments yet_"];
  const out: string[] = [];
  for (const t of groupThreads(comments.map(filled))) {
    out.push(item(t.root, "", describeAnchor(t.root, atUtc)));
    for (const r of t.replies) out.push(item(r, "  ", null));
  }
  return out;
}
