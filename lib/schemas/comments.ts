// Team comments on a run (SPEC §4 Run, Post-mortem): what the comments API
// accepts and returns. The route, the comment box and the tests share these.
import { z } from "zod";

export const COMMENT_AUTHOR_MAX = 80;
export const COMMENT_BODY_MAX = 5000;

/** A new comment: both fields trimmed and required. */
export const CommentInput = z.object({
  author: z.string().trim().min(1, "author is required").max(COMMENT_AUTHOR_MAX),
  body: z.string().trim().min(1, "body is required").max(COMMENT_BODY_MAX),
});
export type CommentInput = z.output<typeof CommentInput>;

/** A stored comment as the API returns it; created_at is ISO-8601 UTC. */
export type CommentOut = { comment_id: string; author: string; body: string; created_at: string };
