// The failure counts of docs/accounts.md#sign-in-throttling, one row per key
// (`account:<email>`, `address:<ip>`). A failure is one atomic upsert, so two
// attempts at once both count, on every replica that shares the database;
// whether a key waits is lib/auth/throttle.ts's rule on what is read here.
// A count past its window restarts at 1 in the same statement (the one
// place the store applies the window; the rule's isStale says the same).
import { sql } from "drizzle-orm";
import type { FailureCount } from "@/lib/auth/throttle";
import { rowsOf, type Db } from "./client";

type Row = { key: string; failures: number | string; last_ms: number | string };

const toCount = (r: Row): FailureCount => ({ failures: Number(r.failures), lastFailureMs: Number(r.last_ms) });
const iso = (ms: number) => new Date(ms).toISOString();

/** The counts of these keys; a key without failures is absent. */
export async function readFailures(db: Db, keys: string[]): Promise<Map<string, FailureCount>> {
  if (keys.length === 0) return new Map();
  const rows = rowsOf<Row>(
    await db.execute(sql`SELECT key, failures, (extract(epoch from last_failure_at) * 1000)::float8 AS last_ms
      FROM sign_in_throttle WHERE key IN (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`),
  );
  return new Map(rows.map((r) => [r.key, toCount(r)]));
}

/** Count one failure of `key` at `nowMs`; a count whose last failure is `windowMs` old starts over. */
export async function recordFailure(db: Db, key: string, nowMs: number, windowMs: number): Promise<FailureCount> {
  const [row] = rowsOf<Row>(
    await db.execute(sql`INSERT INTO sign_in_throttle AS t (key, failures, last_failure_at)
      VALUES (${key}, 1, ${iso(nowMs)}::timestamptz)
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN t.last_failure_at <= ${iso(nowMs - windowMs)}::timestamptz THEN 1 ELSE t.failures + 1 END,
        last_failure_at = GREATEST(t.last_failure_at, EXCLUDED.last_failure_at)
      RETURNING key, failures, (extract(epoch from last_failure_at) * 1000)::float8 AS last_ms`),
  );
  return toCount(row!);
}

/** Forget a key's failures (a success, an admin's unlock); whether it had any. */
export async function clearFailures(db: Db, key: string): Promise<boolean> {
  const gone = rowsOf(await db.execute(sql`DELETE FROM sign_in_throttle WHERE key = ${key} RETURNING key`));
  return gone.length > 0;
}

/** Delete the counts whose last failure is `windowMs` before `nowMs` or older: they no longer slow anyone. */
export async function purgeFailures(db: Db, nowMs: number, windowMs: number): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`WITH gone AS (
      DELETE FROM sign_in_throttle WHERE last_failure_at <= ${iso(nowMs - windowMs)}::timestamptz RETURNING 1)
      SELECT count(*) AS n FROM gone`),
  );
  return Number(row?.n ?? 0);
}
