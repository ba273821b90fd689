// Monthly partitions of `spans` on a Postgres server
// (docs/scaling.md#partitions-and-retention). The one place that knows spans
// can be partitioned: db/schema.ts and the migrations describe one plain
// table, identical on PGlite; right after the migrations, openPostgres calls
// preparePartitions, which turns that table into `spans PARTITION BY RANGE
// (stored_month)` once, in one transaction: the plain table is renamed and
// attached whole as the partition of the months it holds (no row is copied;
// the attach reads it once to check its range), the new parent takes its
// columns, defaults, keys, foreign key and indexes from the catalog (so a
// later migration's column or index is never missed), and monthly partitions
// `spans_YYYY_MM` are created for the current month and MONTHS_AHEAD more.
// ensurePartitions keeps creating those ahead (a worker calls it). There is no
// DEFAULT partition: a row in it would stop its month's partition from ever
// being created, and every creation would have to scan it. Partition DDL of
// concurrent processes takes turns on one transaction-level advisory lock.
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "./client";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A partition of spans and its range of stored_month, `from` inclusive, `to` exclusive ('YYYY-MM-DD'). */
export type SpanPartition = { name: string; from: string; to: string };

/** Months created ahead of the current one (UTC), so no month starts without its partition. */
export const MONTHS_AHEAD = 2;
/** Keys of pg_advisory_xact_lock(int, int) for partition DDL ("SPNS", 1): they meet no other lock. */
const PARTITION_LOCK = sql`pg_advisory_xact_lock(${0x53504e53}::int, 1)`;

/** Partition spans if it is still a plain table, then create the months ahead; idempotent. */
export async function preparePartitions(db: Db, now: Date = new Date()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT ${PARTITION_LOCK}`);
    if ((await relkindOfSpans(tx)) === "r") await partitionSpans(tx);
    return createMonthsAhead(tx, now);
  });
}

/** Create the partitions of `now`'s month and the MONTHS_AHEAD after it that are missing; their names. */
export async function ensurePartitions(db: Db, now: Date = new Date()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT ${PARTITION_LOCK}`);
    if ((await relkindOfSpans(tx)) !== "p") return [];
    return createMonthsAhead(tx, now);
  });
}

/** Take the partition DDL lock in `tx` (retention drops partitions under it). */
export async function lockPartitions(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT ${PARTITION_LOCK}`);
}

/** The range partitions of spans, oldest first; none when spans is a plain table. */
export async function listSpanPartitions(tx: Tx): Promise<SpanPartition[]> {
  const rows = rowsOf<{ name: string; bound: string }>(
    await tx.execute(sql`
    SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = to_regclass('spans')`),
  );
  const out: SpanPartition[] = [];
  for (const r of rows) {
    const m = /FROM \('(\d{4}-\d{2}-\d{2})'\) TO \('(\d{4}-\d{2}-\d{2})'\)/.exec(r.bound);
    if (m?.[1] && m[2]) out.push({ name: r.name, from: m[1], to: m[2] });
  }
  return out.sort((a, b) => a.from.localeCompare(b.from));
}

/** The first day (UTC) of the month `add` months after `now`'s, as 'YYYY-MM-DD'. */
export function monthStart(now: Date, add = 0): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + add, 1)).toISOString().slice(0, 10);
}

async function relkindOfSpans(tx: Tx): Promise<string | null> {
  const rows = rowsOf<{ relkind: string }>(
    await tx.execute(sql`SELECT relkind FROM pg_class WHERE oid = to_regclass('spans')`),
  );
  return rows[0]?.relkind ?? null;
}

async function createMonthsAhead(tx: Tx, now: Date): Promise<string[]> {
  const existing = await listSpanPartitions(tx);
  const created: string[] = [];
  for (let add = 0; add <= MONTHS_AHEAD; add++) {
    const from = monthStart(now, add);
    if (existing.some((p) => p.from <= from && from < p.to)) continue;
    const name = `spans_${from.slice(0, 7).replace("-", "_")}`;
    await tx.execute(
      sql.raw(`CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF spans
        FOR VALUES FROM ('${from}') TO ('${monthStart(new Date(`${from}T00:00:00Z`), 1)}')`),
    );
    created.push(name);
  }
  return created;
}

/**
 * The one-time conversion. The months the plain table holds come from runs
 * (a span's stored_month is its run's; runs is the small table), and are
 * checked by the attach. An empty table is dropped instead.
 */
async function partitionSpans(tx: Tx): Promise<void> {
  const indexes = rowsOf<{ name: string; def: string }>(
    await tx.execute(sql`
    SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
    WHERE x.indrelid = 'spans'::regclass`),
  );
  const constraints = rowsOf<{ name: string; def: string; index: string | null }>(
    await tx.execute(sql`
    SELECT conname AS name, pg_get_constraintdef(oid) AS def, nullif(conindid, 0)::regclass::text AS index
    FROM pg_constraint WHERE conrelid = 'spans'::regclass AND contype IN ('p', 'u', 'f', 'c')`),
  );
  const [range] = rowsOf<{ empty: boolean; first: string | null; last: string | null }>(
    await tx.execute(sql`
    SELECT NOT EXISTS (SELECT 1 FROM spans) AS empty,
      to_char(min(stored_month), 'YYYY-MM-DD') AS first, to_char(max(stored_month), 'YYYY-MM-DD') AS last
    FROM runs`),
  );
  const first = range?.first ?? monthStart(new Date());
  const last = range?.last ?? first;
  const month = (d: string) => d.slice(0, 7).replace("-", "_");
  const legacy = first === last ? `spans_${month(first)}` : `spans_${month(first)}_${month(last)}`;
  const run = (statement: string) => tx.execute(sql.raw(statement));
  await run(`ALTER TABLE spans RENAME TO "${legacy}"`);
  // Index names are per schema: the old table's give theirs up to the parent's.
  for (const i of indexes) await run(`ALTER INDEX "${i.name}" RENAME TO "${legacy}${i.name.slice("spans".length)}"`);
  await run(
    `CREATE TABLE spans (LIKE "${legacy}" INCLUDING DEFAULTS INCLUDING STORAGE) PARTITION BY RANGE (stored_month)`,
  );
  for (const c of constraints) await run(`ALTER TABLE spans ADD CONSTRAINT "${c.name}" ${c.def}`);
  const constraintIndexes = new Set(constraints.map((c) => c.index));
  for (const i of indexes) if (!constraintIndexes.has(i.name)) await run(i.def);
  if (range?.empty !== false) {
    await run(`DROP TABLE "${legacy}"`);
    return;
  }
  const to = monthStart(new Date(`${last}T00:00:00Z`), 1);
  await run(`ALTER TABLE spans ATTACH PARTITION "${legacy}" FOR VALUES FROM ('${first}') TO ('${to}')`);
}
