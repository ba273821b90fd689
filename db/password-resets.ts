// One-time password-reset links (docs/accounts.md#password-reset): an admin
// makes one for a user, the token travels only in the link, the table holds
// its SHA-256. A new link replaces the user's older ones; using a link deletes
// it in the same statement that reads it, so two uses race to one winner.
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "./client";

/** Store a link's token hash for `userId`, valid for `ttlMs`; the user's older links stop working. */
export async function insertPasswordReset(db: Db, tokenHash: string, userId: string, ttlMs: number): Promise<Date> {
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM password_resets WHERE user_id = ${userId}`);
    await tx.execute(sql`INSERT INTO password_resets (token_hash, user_id, expires_at)
      VALUES (${tokenHash}, ${userId}, ${expiresAt.toISOString()})`);
  });
  return expiresAt;
}

/** Use a link: its user when it exists and has not expired, else null. It works once. */
export async function consumePasswordReset(db: Db, tokenHash: string): Promise<string | null> {
  const [row] = rowsOf<{ user_id: string; live: boolean }>(
    await db.execute(sql`DELETE FROM password_resets WHERE token_hash = ${tokenHash}
      RETURNING user_id, expires_at > now() AS live`),
  );
  return row?.live ? row.user_id : null;
}

/** Maintenance: delete the links past their expiry; how many. */
export async function purgePasswordResets(db: Db): Promise<number> {
  return rowsOf(await db.execute(sql`DELETE FROM password_resets WHERE expires_at <= now() RETURNING 1 AS n`)).length;
}
