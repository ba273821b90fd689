// The live guard's webhook deliveries still to make (docs/guard.md#tell-the-team):
// queued when a run trips, halts or recovers, claimed by a sender that moves
// `next_at` past a lease (FOR UPDATE SKIP LOCKED: replicas never take one row at
// once; a sender that dies mid-delivery leaves the row to be taken again when
// its lease ends), deleted once delivered or given up, else moved to its next try.
import { sql } from "drizzle-orm";
import { GuardEvent, type GuardWebhook } from "@/lib/schemas/guard";
import { rowsOf, type Db } from "./client";

export type OutboxDelivery = { id: number; hook: GuardWebhook; event: GuardEvent; attempts: number };

const parseJson = (v: unknown): unknown => (typeof v === "string" ? JSON.parse(v) : v);

/** Queue one delivery per webhook and event, in one statement. */
export async function queueGuardDeliveries(
  db: Db,
  hooks: readonly GuardWebhook[],
  events: readonly GuardEvent[],
): Promise<number> {
  const rows = hooks.flatMap((h) => events.map((e) => sql`(${h.url}, ${h.format}, ${JSON.stringify(e)}::jsonb)`));
  if (rows.length === 0) return 0;
  await db.execute(sql`INSERT INTO guard_outbox (url, format, event) VALUES ${sql.join(rows, sql`, `)}`);
  return rows.length;
}

/**
 * Take up to `limit` due deliveries for `leaseMs`, counting the try each begins. A row
 * that no longer parses (another version wrote it) is returned as none and left to its lease.
 */
export async function claimGuardDeliveries(db: Db, limit: number, leaseMs: number): Promise<OutboxDelivery[]> {
  const rows = rowsOf<{ id: number | string; url: string; format: string; event: unknown; attempts: number }>(
    await db.execute(sql`UPDATE guard_outbox SET attempts = attempts + 1,
        next_at = now() + ${leaseMs} * interval '1 millisecond'
      WHERE id IN (SELECT id FROM guard_outbox WHERE next_at <= now() ORDER BY next_at, id
        LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, url, format, event, attempts`),
  );
  return rows.flatMap((r) => {
    const event = GuardEvent.safeParse(parseJson(r.event));
    if (!event.success || (r.format !== "slack" && r.format !== "generic")) return [];
    return [{ id: Number(r.id), hook: { url: r.url, format: r.format }, event: event.data, attempts: r.attempts }];
  });
}

/** Delivered, or given up: the row goes. */
export async function dropGuardDelivery(db: Db, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM guard_outbox WHERE id = ${id}`);
}

/** Not delivered this time: try again in `delayMs`. */
export async function retryGuardDelivery(db: Db, id: number, delayMs: number): Promise<void> {
  await db.execute(sql`UPDATE guard_outbox SET next_at = now() + ${delayMs} * interval '1 millisecond'
    WHERE id = ${id}`);
}

/** Milliseconds until the next delivery is due (0: one is due now); null when none is queued. */
export async function msUntilNextGuardDelivery(db: Db): Promise<number | null> {
  const [row] = rowsOf<{ ms: number | string | null }>(
    await db.execute(sql`SELECT extract(epoch FROM min(next_at) - now()) * 1000 AS ms FROM guard_outbox`),
  );
  if (!row || row.ms === null) return null;
  return Math.max(0, Math.ceil(Number(row.ms)));
}
