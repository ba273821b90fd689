// A comment as the API returns it, on the run as a whole unless overridden.
import type { CommentOut } from "@/lib/schemas/comments";

export function makeComment(over: Partial<CommentOut> & { comment_id: string }): CommentOut {
  return {
    author: "ana",
    body: "look here",
    created_at: "2026-03-04T10:00:00.000000Z",
    edited_at: null,
    span_id: null,
    iteration: null,
    at: null,
    parent_id: null,
    author_user_id: null,
    ...over,
  };
}
