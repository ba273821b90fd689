// The iterations of a run for the run page's iterations tab (SPEC §1
// iteration fields): what each touched, its tests, errors, approach and
// tokens, ordered by n. One indexed read by the (run_id, n) primary key.
// The analysis reads its own copy (analysis-source.ts); this one only carries
// what the table and charts show.
import { sql } from "drizzle-orm";
import type { StoredIteration } from "@/lib/schemas/records";
import { rowsOf, type Db } from "./client";

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

type Row = {
  n: number;
  task_id: string | null;
  files_modified: string[] | null;
  tests: StoredIteration["tests"];
  errors: string[] | null;
  approach: string | null;
  work_kind: string | null;
  tokens_used: number | string | null;
  context_tokens: number | string | null;
  context_window: number | string | null;
};

const num = (v: number | string | null): number | null => (v == null ? null : Number(v));

export async function listIterations(db: Db, runId: string): Promise<IterationListRow[]> {
  const rows = rowsOf<Row>(
    await db.execute(sql`SELECT n, task_id, files_modified, tests, errors, approach, work_kind,
        tokens_used, context_tokens, context_window
      FROM iterations WHERE run_id = ${runId} ORDER BY n`),
  );
  return rows.map((r) => ({
    n: Number(r.n),
    taskId: r.task_id,
    filesModified: r.files_modified,
    tests: r.tests ?? null,
    errors: r.errors,
    approach: r.approach,
    workKind: r.work_kind,
    tokensUsed: num(r.tokens_used),
    contextTokens: num(r.context_tokens),
    contextWindow: num(r.context_window),
  }));
}
