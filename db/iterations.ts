// The iterations of a run for the run page's iterations tab (docs/format.md
// iteration fields): what each touched, its tests, errors, approach and
// tokens, ordered by n, and from its attrs only what an imported iteration
// log says the harness logged (docs/import.md#loop-breaker-iteration-log).
// One indexed read by the (run_id, n) primary key. The analysis reads its own
// copy (analysis-source.ts); this one only carries what the table and charts show.
import { eq, sql } from "drizzle-orm";
import { LOGGED_ATTRS } from "@/lib/charts/iteration-table";
import type { StoredIteration } from "@/lib/schemas/records";
import type { Db } from "./client";
import { iterations } from "./schema";

export type IterationListRow = Pick<
  StoredIteration,
  | "n"
  | "tsUs"
  | "taskId"
  | "filesModified"
  | "tests"
  | "errors"
  | "approach"
  | "workKind"
  | "tokensUsed"
  | "contextTokens"
  | "contextWindow"
> & {
  /** Only the attrs named in LOGGED_ATTRS; absent when the iteration has none of them. */
  attrs?: StoredIteration["attrs"];
};

/** `{"logged_risk": "LOW", …}`: the logged attrs that are there, `{}` when none. */
const loggedAttrs = sql<Record<string, unknown>>`jsonb_strip_nulls(jsonb_build_object(${sql.join(
  LOGGED_ATTRS.map((k) => sql`${k}::text, ${iterations.attrs} -> ${k}::text`),
  sql`, `,
)}))`;

export async function listIterations(db: Db, runId: string): Promise<IterationListRow[]> {
  const rows = await db
    .select({
      n: iterations.n,
      tsUs: sql<number>`(extract(epoch from ${iterations.ts}) * 1000000)::float8`,
      taskId: iterations.taskId,
      filesModified: iterations.filesModified,
      tests: iterations.tests,
      errors: iterations.errors,
      approach: iterations.approach,
      workKind: iterations.workKind,
      tokensUsed: iterations.tokensUsed,
      contextTokens: iterations.contextTokens,
      contextWindow: iterations.contextWindow,
      logged: loggedAttrs,
    })
    .from(iterations)
    .where(eq(iterations.runId, runId))
    .orderBy(iterations.n);
  // work_kind is text in the table; ingest stored only the record's values.
  return rows.map(({ logged, ...r }) => ({
    ...r,
    workKind: r.workKind as IterationListRow["workKind"],
    ...(logged && Object.keys(logged).length > 0 ? { attrs: logged } : {}),
  }));
}
