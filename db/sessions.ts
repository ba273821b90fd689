// Browser sessions (docs/accounts.md#sessions): a row per signed-in browser,
// keyed by the SHA-256 of the cookie's token. A session ends 30 days after
// sign-in (expires_at) or once unused for the idle timeout (last_used_at,
// moved forward at most once a minute so a busy page does not write on every
// request). Ended rows are ignored at once and purged by maintenance;
// "sign out everywhere", a role change, a password change or reset and a
// removed account delete a user's rows.
import { sql } from "drizzle-orm";
import type { Role } from "@/lib/auth/roles";
import { rowsOf, type Db } from "./client";
import { sessions } from "./schema";

export type SessionUser = { userId: string; name: string; email: string; role: Role };

/** How often a used session's last_used_at is written: the idle timeout is this coarse. */
const TOUCH_EVERY_S = 60;

export async function insertSession(db: Db, tokenHash: string, userId: string, ttlMs: number): Promise<void> {
  await db.execute(sql`DELETE FROM sessions WHERE user_id = ${userId} AND expires_at < now()`);
  const expiresAt = new Date(Date.now() + ttlMs).toISOString();
  await db.insert(sessions).values({ tokenHash, userId, expiresAt });
}

/** The user of a session neither past its expiry nor idle for `idleMs`, or null; marks it used. */
export async function findSessionUser(db: Db, tokenHash: string, idleMs: number): Promise<SessionUser | null> {
  const idleS = idleMs / 1000;
  const [row] = rowsOf<{ user_id: string; name: string; email: string; role: Role; stale: boolean }>(
    await db.execute(sql`SELECT u.user_id, u.name, u.email, u.role,
        s.last_used_at < now() - make_interval(secs => ${TOUCH_EVERY_S}) AS stale
      FROM sessions s JOIN users u USING (user_id)
      WHERE s.token_hash = ${tokenHash} AND s.expires_at > now()
        AND s.last_used_at > now() - make_interval(secs => ${idleS})`),
  );
  if (!row) return null;
  if (row.stale) await db.execute(sql`UPDATE sessions SET last_used_at = now() WHERE token_hash = ${tokenHash}`);
  return { userId: row.user_id, name: row.name, email: row.email, role: row.role };
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.execute(sql`DELETE FROM sessions WHERE token_hash = ${tokenHash}`);
}

/** End every session of a user but `keep` (the browser that changed its own password); how many ended. */
export async function deleteUserSessions(db: Db, userId: string, keep?: string): Promise<number> {
  const except = keep === undefined ? sql`` : sql`AND token_hash <> ${keep}`;
  return rowsOf(await db.execute(sql`DELETE FROM sessions WHERE user_id = ${userId} ${except} RETURNING 1 AS n`))
    .length;
}

/** Maintenance: delete the sessions past their expiry or idle for `idleMs`; how many. */
export async function purgeSessions(db: Db, idleMs: number): Promise<number> {
  return rowsOf(
    await db.execute(sql`DELETE FROM sessions
      WHERE expires_at <= now() OR last_used_at <= now() - make_interval(secs => ${idleMs / 1000}) RETURNING 1 AS n`),
  ).length;
}
