// Browser sessions (docs/accounts.md#sessions): a row per signed-in browser,
// keyed by the SHA-256 of the cookie's token; expired rows are ignored and
// removed when their owner signs in again.
import { sql } from "drizzle-orm";
import type { Role } from "@/lib/auth/roles";
import { rowsOf, type Db } from "./client";
import { sessions } from "./schema";

export type SessionUser = { userId: string; name: string; email: string; role: Role };

export async function insertSession(db: Db, tokenHash: string, userId: string, ttlMs: number): Promise<void> {
  await db.execute(sql`DELETE FROM sessions WHERE user_id = ${userId} AND expires_at < now()`);
  const expiresAt = new Date(Date.now() + ttlMs).toISOString();
  await db.insert(sessions).values({ tokenHash, userId, expiresAt });
}

/** The user of an unexpired session, or null. */
export async function findSessionUser(db: Db, tokenHash: string): Promise<SessionUser | null> {
  const [row] = rowsOf<{ user_id: string; name: string; email: string; role: Role }>(
    await db.execute(sql`SELECT u.user_id, u.name, u.email, u.role FROM sessions s JOIN users u USING (user_id)
      WHERE s.token_hash = ${tokenHash} AND s.expires_at > now()`),
  );
  return row ? { userId: row.user_id, name: row.name, email: row.email, role: row.role } : null;
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.execute(sql`DELETE FROM sessions WHERE token_hash = ${tokenHash}`);
}
