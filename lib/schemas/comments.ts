// Team comments on a run (docs/dashboard.md#comments, docs/api.md#comments): what
// the comments API accepts and returns. A comment is on the run as a whole or
// anchored to one span, one iteration or one moment; a reply names its
// thread's first comment and has no anchor of its own. The routes, the
// comment threads and the tests share these.
import { z } from "zod";
import { hasNoNul, ID_MAX } from "./storable";

export const COMMENT_AUTHOR_MAX = 80;
export const COMMENT_BODY_MAX = 5000;

const NO_NUL = "must not contain a NUL character (\\u0000)";
const ONE_ANCHOR = "a comment is anchored to at most one of span_id, iteration and at";
const REPLY_ANCHOR = "a reply has no anchor of its own: it belongs to its thread";

const text = (max: number) => z.string().trim().min(1).max(max).refine(hasNoNul, { error: NO_NUL });
const id = () => z.string().trim().min(1).max(ID_MAX).refine(hasNoNul, { error: NO_NUL });
/** An iteration number: a positive integer that fits the int4 column. */
const iterationNumber = z.int32().positive();

/** The body of a new or edited comment: trimmed, required, no NUL (a text column refuses it). */
export const CommentBody = text(COMMENT_BODY_MAX);

/** A new comment: author and body, at most one anchor, or a parent_id for a reply. */
export const CommentInput = z
  .object({
    author: text(COMMENT_AUTHOR_MAX),
    body: CommentBody,
    span_id: id().optional(),
    iteration: iterationNumber.optional(),
    at: z.iso.datetime({ offset: true }).optional(),
    parent_id: id().optional(),
  })
  .superRefine((c, ctx) => {
    const anchors = (["span_id", "iteration", "at"] as const).filter((k) => c[k] !== undefined);
    if (c.parent_id !== undefined && anchors.length > 0)
      ctx.addIssue({ code: "custom", path: [anchors[0]!], message: REPLY_ANCHOR });
    else if (anchors.length > 1) ctx.addIssue({ code: "custom", path: [anchors[1]!], message: ONE_ANCHOR });
  });
export type CommentInput = z.output<typeof CommentInput>;

/** PATCH /api/v1/runs/{run_id}/comments/{comment_id}: the new body. */
export const CommentEdit = z.strictObject({ body: CommentBody });
export type CommentEdit = z.output<typeof CommentEdit>;

/** GET …/comments filters: one span's or one iteration's comments (with their replies). */
export const CommentListQuery = z.object({
  span_id: id().optional(),
  iteration: z.coerce.number().pipe(iterationNumber).optional(),
});
export type CommentListQuery = z.output<typeof CommentListQuery>;

/** A stored comment as the API returns it; times are ISO-8601 UTC. */
export const CommentOut = z.object({
  comment_id: z.string(),
  author: z.string(),
  body: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  /** Null until the body is edited. */
  edited_at: z.iso.datetime({ offset: true }).nullable(),
  span_id: z.string().nullable(),
  iteration: z.int().nullable(),
  at: z.iso.datetime({ offset: true }).nullable(),
  /** The thread's first comment, for a reply; null for a thread's first comment. */
  parent_id: z.string().nullable(),
  /** The signed-in user who wrote it (docs/accounts.md); null when accounts were off. */
  author_user_id: z.string().nullable(),
});
export type CommentOut = z.infer<typeof CommentOut>;

/** GET /api/v1/runs/{run_id}/comments, oldest first. */
export const CommentList = z.object({ comments: z.array(CommentOut) });
export type CommentList = z.infer<typeof CommentList>;

/** POST (201), PATCH and DELETE of a comment: the comment as stored (DELETE: as it was). */
export const CommentCreated = z.object({ comment: CommentOut });
export type CommentCreated = z.infer<typeof CommentCreated>;
