// Team comments on a run: list oldest first, add one with a generated id.
// Times are read as float epoch microseconds, as in db/runs.ts, so both
// drivers return the same ISO string.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { runNotFound } from "@/lib/errors";
import type { CommentInput, CommentOut } from "@/lib/schemas/comments";
import { formatTimeUs } from "@/lib/time";
import { rowsOf, type Db } from "./client";
import { isForeignKeyViolation } from "./pg-errors";
import { comments } from "./schema";

type CommentRow = { comment_id: string; author: string; body: string; created_us: number | string };

const SELECT = sql`SELECT comment_id, author, body, (extract(epoch from created_at) * 1000000)::float8 AS created_us FROM comments`;

const toOut = (r: CommentRow): CommentOut => ({
  comment_id: r.comment_id,
  author: r.author,
  body: r.body,
  created_at: formatTimeUs(Number(r.created_us)),
});

/** Comments of a run, oldest first (served by comments_run_idx). */
export async function listComments(db: Db, runId: string): Promise<CommentOut[]> {
  const rows = rowsOf<CommentRow>(
    await db.execute(sql`${SELECT} WHERE run_id = ${runId} ORDER BY created_at, comment_id`),
  );
  return rows.map(toOut);
}

/**
 * Store a validated comment. The caller has checked that the run exists; if
 * it is deleted before the insert, the foreign key refuses the comment and
 * this is the same 404 as for a run that never was.
 */
export async function addComment(db: Db, runId: string, input: CommentInput): Promise<CommentOut> {
  const commentId = `c-${randomUUID()}`;
  try {
    await db.insert(comments).values({ runId, commentId, author: input.author, body: input.body });
  } catch (err) {
    throw isForeignKeyViolation(err) ? runNotFound(runId) : err;
  }
  const [row] = rowsOf<CommentRow>(
    await db.execute(sql`${SELECT} WHERE run_id = ${runId} AND comment_id = ${commentId}`),
  );
  if (!row) throw runNotFound(runId); // deleted right after the insert: the comment went with it
  return toOut(row);
}
