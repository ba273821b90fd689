// Team comments on a run (docs/dashboard.md#comments): list oldest first (all,
// or one span's or iteration's threads with their replies), add one with a
// generated id after checking its span and parent belong to the run, edit the
// body, delete (a thread's first comment takes its replies along, by the
// foreign key). Times are read as float epoch microseconds, as in db/runs.ts,
// so both drivers return the same ISO string.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { ApiError, runNotFound } from "@/lib/errors";
import type { CommentInput, CommentListQuery, CommentOut } from "@/lib/schemas/comments";
import { formatTimeUs } from "@/lib/time";
import { rowsOf, type Db } from "./client";
import { isForeignKeyViolation } from "./pg-errors";
import { comments } from "./schema";

type CommentRow = Omit<CommentOut, "created_at" | "edited_at" | "at"> & {
  created_us: number | string;
  edited_us: number | string | null;
  at_us: number | string | null;
};

const us = (col: string) => sql.raw(`(extract(epoch from ${col}) * 1000000)::float8`);
const SELECT = sql`SELECT comment_id, author, author_user_id, body, span_id, iteration, parent_id,
  ${us("created_at")} AS created_us, ${us("edited_at")} AS edited_us, ${us("at")} AS at_us FROM comments`;
const ORDER = sql`ORDER BY created_at, comment_id`;

const timeOrNull = (v: number | string | null): string | null => (v === null ? null : formatTimeUs(Number(v)));

const toOut = (r: CommentRow): CommentOut => ({
  comment_id: r.comment_id,
  author: r.author,
  body: r.body,
  created_at: formatTimeUs(Number(r.created_us)),
  edited_at: timeOrNull(r.edited_us),
  span_id: r.span_id,
  iteration: r.iteration === null ? null : Number(r.iteration),
  at: timeOrNull(r.at_us),
  parent_id: r.parent_id,
  author_user_id: r.author_user_id,
});

/**
 * Comments of a run, oldest first (served by comments_run_idx). With a span_id
 * or iteration: the threads anchored there, each with its replies.
 */
export async function listComments(db: Db, runId: string, filter: CommentListQuery = {}): Promise<CommentOut[]> {
  const anchored =
    filter.span_id !== undefined
      ? sql`span_id = ${filter.span_id}`
      : filter.iteration !== undefined
        ? sql`iteration = ${filter.iteration}`
        : null;
  const where =
    anchored === null
      ? sql`run_id = ${runId}`
      : sql`run_id = ${runId} AND (${anchored} OR parent_id IN
          (SELECT comment_id FROM comments WHERE run_id = ${runId} AND ${anchored}))`;
  return rowsOf<CommentRow>(await db.execute(sql`${SELECT} WHERE ${where} ${ORDER}`)).map(toOut);
}

/** One comment of a run, or null. */
export async function getComment(db: Db, runId: string, commentId: string): Promise<CommentOut | null> {
  const [row] = rowsOf<CommentRow>(
    await db.execute(sql`${SELECT} WHERE run_id = ${runId} AND comment_id = ${commentId}`),
  );
  return row ? toOut(row) : null;
}

const invalid = (path: string, message: string) =>
  new ApiError("invalid_parameter", `${path} ${message}`, { issues: [{ path, message: `${path} ${message}` }] });

/** 400 naming the field when the span is not in the run or the parent is not a thread's first comment. */
async function checkReferences(db: Db, runId: string, input: CommentInput): Promise<void> {
  if (input.span_id !== undefined) {
    const found = rowsOf(
      await db.execute(sql`SELECT 1 FROM spans WHERE run_id = ${runId} AND span_id = ${input.span_id}`),
    );
    if (found.length === 0) throw invalid("span_id", `"${input.span_id}" is not a span of this run`);
  }
  if (input.parent_id !== undefined) {
    const parent = await getComment(db, runId, input.parent_id);
    if (!parent) throw invalid("parent_id", `"${input.parent_id}" is not a comment of this run`);
    if (parent.parent_id !== null) throw invalid("parent_id", "is a reply: reply to its thread's first comment");
  }
}

/**
 * Store a validated comment. The caller has checked that the run exists; if
 * it is deleted before the insert, the foreign key refuses the comment and
 * this is the same 404 as for a run that never was.
 */
export async function addComment(
  db: Db,
  runId: string,
  input: CommentInput,
  authorUserId: string | null = null,
): Promise<CommentOut> {
  await checkReferences(db, runId, input);
  const commentId = `c-${randomUUID()}`;
  const { author, body, span_id, iteration, at, parent_id } = input;
  const row = { runId, commentId, author, body, authorUserId, spanId: span_id, iteration, parentId: parent_id };
  try {
    await db.insert(comments).values({ ...row, at: at === undefined ? null : new Date(at).toISOString() });
  } catch (err) {
    throw isForeignKeyViolation(err) ? runNotFound(runId) : err;
  }
  const stored = await getComment(db, runId, commentId);
  if (!stored) throw runNotFound(runId); // deleted right after the insert: the comment went with it
  return stored;
}

/** Replace a comment's body and stamp edited_at; null when there is no such comment. */
export async function editComment(db: Db, runId: string, commentId: string, body: string): Promise<CommentOut | null> {
  await db.execute(
    sql`UPDATE comments SET body = ${body}, edited_at = now() WHERE run_id = ${runId} AND comment_id = ${commentId}`,
  );
  return getComment(db, runId, commentId);
}

/** Delete a comment (and, for a thread's first comment, its replies); the comment as it was, or null. */
export async function deleteComment(db: Db, runId: string, commentId: string): Promise<CommentOut | null> {
  const before = await getComment(db, runId, commentId);
  if (!before) return null;
  await db.execute(sql`DELETE FROM comments WHERE run_id = ${runId} AND comment_id = ${commentId}`);
  return before;
}

/** The names a comment may mention (docs/dashboard.md#comments): every user's. */
export async function listMentionNames(db: Db): Promise<string[]> {
  return rowsOf<{ name: string }>(await db.execute(sql`SELECT DISTINCT name FROM users ORDER BY name`)).map(
    (r) => r.name,
  );
}
