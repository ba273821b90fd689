// Names runs that have no name yet (docs/otlp.md#run-titles): the OTLP receiver's
// titles, computed by lib/otlp/run-title.ts. A run that already has a name —
// given by a run record, or an earlier request's title — keeps it. One UPDATE;
// the titles travel as one JSON parameter.
import { sql } from "drizzle-orm";
import { storableId, storableText } from "@/lib/schemas/storable";
import type { Db } from "./client";

export async function nameUntitledRuns(db: Db, titles: ReadonlyMap<string, string>): Promise<void> {
  // A run id no record can carry (a NUL in it) names no stored run: its spans were rejected.
  const named = [...titles].flatMap(([id, name]) => {
    const run_id = storableId(id);
    return run_id === null ? [] : [{ run_id, name: storableText(name) }];
  });
  if (named.length === 0) return;
  const rows = JSON.stringify(named);
  await db.execute(sql`UPDATE runs SET name = x.name
    FROM json_to_recordset(${rows}::json) AS x(run_id text, name text)
    WHERE runs.run_id = x.run_id AND runs.name IS NULL`);
}
