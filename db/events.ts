// Events of a run by kind, oldest first (events_run_ts_idx), times as ISO strings.
import { sql } from "drizzle-orm";
import { formatTimeUs } from "@/lib/time";
import { rowsOf, type Db } from "./client";

export type EventOut = {
  at: string;
  kind: string;
  tool: string | null;
  detail: string | null;
  state: string | null;
  reason: string | null;
  status: number | null;
};

export async function listEventsOfKind(db: Db, runId: string, kinds: string[], limit = 5000): Promise<EventOut[]> {
  const rows = rowsOf<Omit<EventOut, "at"> & { ts_us: number }>(
    await db.execute(sql`SELECT (extract(epoch from ts) * 1000000)::float8 AS ts_us, kind, tool, detail, state, reason, status
      FROM events WHERE run_id = ${runId} AND kind IN (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})
      ORDER BY ts, seq LIMIT ${limit}`),
  );
  return rows.map(({ ts_us, ...e }) => ({ ...e, at: formatTimeUs(Number(ts_us)) }));
}
