// Team comments on a run (docs/dashboard.md Run, Post-mortem): what the comments API
// accepts and returns. The route, the comment box and the tests share these.
import { z } from "zod";
import { hasNoNul } from "./storable";

export const COMMENT_AUTHOR_MAX = 80;
export const COMMENT_BODY_MAX = 5000;

const NO_NUL = "must not contain a NUL character (\\u0000)";

/** A new comment: both fields trimmed and required, no NUL (a text column refuses it). */
export const CommentInput = z.object({
  author: z.string().trim().min(1).max(COMMENT_AUTHOR_MAX).refine(hasNoNul, { error: NO_NUL }),
  body: z.string().trim().min(1).max(COMMENT_BODY_MAX).refine(hasNoNul, { error: NO_NUL }),
});
export type CommentInput = z.output<typeof CommentInput>;

/** A stored comment as the API returns it; created_at is ISO-8601 UTC. */
export const CommentOut = z.object({
  comment_id: z.string(),
  author: z.string(),
  body: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type CommentOut = z.infer<typeof CommentOut>;

/** GET /api/v1/runs/{run_id}/comments, oldest first. */
export const CommentList = z.object({ comments: z.array(CommentOut) });
export type CommentList = z.infer<typeof CommentList>;

/** POST /api/v1/runs/{run_id}/comments (201). */
export const CommentCreated = z.object({ comment: CommentOut });
export type CommentCreated = z.infer<typeof CommentCreated>;
