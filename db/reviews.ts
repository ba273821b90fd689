// A run's review (docs/dashboard.md#review): read one, write one whole.
// A run never reviewed has no row and reads as EMPTY_REVIEW. Times are read
// as float epoch microseconds, as in db/comments.ts, so both drivers agree.
import { sql } from "drizzle-orm";
import { runNotFound } from "@/lib/errors";
import { EMPTY_REVIEW, ReviewAction, type ReviewInput, type ReviewOut } from "@/lib/schemas/review";
import { formatTimeUs } from "@/lib/time";
import { rowsOf, type Db } from "./client";
import { isForeignKeyViolation } from "./pg-errors";
import { reviews } from "./schema";

type ReviewRow = {
  status: ReviewOut["status"];
  verdict: string;
  category: ReviewOut["category"];
  actions: unknown;
  updated_by: string | null;
  updated_us: number | string;
};

const toOut = (r: ReviewRow): ReviewOut => ({
  status: r.status,
  verdict: r.verdict,
  category: r.category,
  // jsonb comes back parsed on both drivers; a row is only ever written from ReviewInput.
  actions: ReviewAction.array().parse(typeof r.actions === "string" ? JSON.parse(r.actions) : r.actions),
  updated_at: formatTimeUs(Number(r.updated_us)),
  updated_by: r.updated_by,
});

export async function getReview(db: Db, runId: string): Promise<ReviewOut> {
  const [row] = rowsOf<ReviewRow>(
    await db.execute(sql`SELECT status, verdict, category, actions, updated_by,
      (extract(epoch from updated_at) * 1000000)::float8 AS updated_us FROM reviews WHERE run_id = ${runId}`),
  );
  return row ? toOut(row) : EMPTY_REVIEW;
}

/** Replace the run's review; `by` names who saved it (null in open mode). 404 when the run is gone. */
export async function putReview(db: Db, runId: string, input: ReviewInput, by: string | null): Promise<ReviewOut> {
  const values = { ...input, updatedBy: by, updatedAt: sql`now()` };
  try {
    await db
      .insert(reviews)
      .values({ runId, ...values })
      .onConflictDoUpdate({ target: reviews.runId, set: values });
  } catch (err) {
    throw isForeignKeyViolation(err) ? runNotFound(runId) : err;
  }
  return getReview(db, runId);
}
