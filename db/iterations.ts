// The iterations of a run for the run page's iterations tab (docs/format.md
// iteration fields): what each touched, its tests, errors, approach and
// tokens, ordered by n. One indexed read by the (run_id, n) primary key.
// The analysis reads its own copy (analysis-source.ts); this one only carries
// what the table and charts show.
import { eq } from "drizzle-orm";
import type { StoredIteration } from "@/lib/schemas/records";
import type { Db } from "./client";
import { iterations } from "./schema";

export type IterationListRow = Pick<
  StoredIteration,
  | "n"
  | "taskId"
  | "filesModified"
  | "tests"
  | "errors"
  | "approach"
  | "workKind"
  | "tokensUsed"
  | "contextTokens"
  | "contextWindow"
>;

export async function listIterations(db: Db, runId: string): Promise<IterationListRow[]> {
  const rows = await db
    .select({
      n: iterations.n,
      taskId: iterations.taskId,
      filesModified: iterations.filesModified,
      tests: iterations.tests,
      errors: iterations.errors,
      approach: iterations.approach,
      workKind: iterations.workKind,
      tokensUsed: iterations.tokensUsed,
      contextTokens: iterations.contextTokens,
      contextWindow: iterations.contextWindow,
    })
    .from(iterations)
    .where(eq(iterations.runId, runId))
    .orderBy(iterations.n);
  // work_kind is text in the table; ingest stored only the record's values.
  return rows.map((r) => ({ ...r, workKind: r.workKind as IterationListRow["workKind"] }));
}
