// Comment threads (docs/dashboard.md#comments): a thread is a comment without a
// parent and its replies, oldest first; a reply whose parent is not in the list
// (a filtered list) is left out. Also each anchor as words ("on span X", "at
// iteration N", "at 12:00:03") and the counts per iteration for the iterations
// tab. Pure; O(comments).
import type { CommentOut } from "@/lib/schemas/comments";

export type CommentThread = { root: CommentOut; replies: CommentOut[] };

/** Threads in the order of their first comments; replies in the list's order. */
export function groupThreads(comments: readonly CommentOut[]): CommentThread[] {
  const threads = new Map<string, CommentThread>();
  for (const c of comments) if (c.parent_id === null) threads.set(c.comment_id, { root: c, replies: [] });
  for (const c of comments) if (c.parent_id !== null) threads.get(c.parent_id)?.replies.push(c);
  return [...threads.values()];
}

/** What a thread's first comment points at, in words; null for the run as a whole. */
export function describeAnchor(
  c: Pick<CommentOut, "span_id" | "iteration" | "at">,
  formatAt: (iso: string) => string = (iso) => iso,
): string | null {
  if (c.span_id !== null) return `on span ${c.span_id}`;
  if (c.iteration !== null) return `at iteration ${c.iteration}`;
  if (c.at !== null) return `at ${formatAt(c.at)}`;
  return null;
}

/** Comments (first comments and replies) per anchored iteration. */
export function countByIteration(comments: readonly CommentOut[]): Map<number, number> {
  const iterationOf = new Map<string, number>();
  for (const c of comments)
    if (c.parent_id === null && c.iteration !== null) iterationOf.set(c.comment_id, c.iteration);
  const out = new Map<number, number>();
  for (const c of comments) {
    const n = iterationOf.get(c.parent_id ?? c.comment_id);
    if (n !== undefined) out.set(n, (out.get(n) ?? 0) + 1);
  }
  return out;
}

/** The comments of the threads whose first comment `keep` accepts, replies included, in list order. */
export function commentsOfThreads(comments: readonly CommentOut[], keep: (root: CommentOut) => boolean): CommentOut[] {
  const roots = new Set(comments.filter((c) => c.parent_id === null && keep(c)).map((c) => c.comment_id));
  return comments.filter((c) => roots.has(c.parent_id ?? c.comment_id));
}
