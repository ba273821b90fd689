// Accounts (docs/accounts.md): the first admin, users added by an admin, the
// lookup of sign-in. Emails arrive lowercased from lib/schemas/auth.ts. Only
// the sign-in lookup reads the password hash; every other query returns the
// public user (docs/accounts.md#never-answered), so no answer can carry it.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { ApiError } from "@/lib/errors";
import type { Role } from "@/lib/auth/roles";
import type { UserOut } from "@/lib/schemas/auth";
import { formatTimeUs } from "@/lib/time";
import { rowsOf, type Db } from "./client";
import { isUniqueViolation } from "./pg-errors";

type UserRow = { user_id: string; name: string; email: string; role: Role; created_us: number | string };
export type UserWithHash = UserOut & { password_hash: string };

const PUBLIC_COLUMNS = sql`user_id, name, email, role, (extract(epoch from created_at) * 1000000)::float8 AS created_us`;

const toOut = (r: UserRow): UserOut => ({
  user_id: r.user_id,
  name: r.name,
  email: r.email,
  role: r.role,
  created_at: formatTimeUs(Number(r.created_us)),
});

export type NewUser = { name: string; email: string; role: Role; passwordHash: string };

export async function countUsers(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(await db.execute(sql`SELECT count(*) AS n FROM users`));
  return Number(row?.n ?? 0);
}

/**
 * Insert a user. With `onlyIfNone` the insert happens only while the table is
 * empty (the first-visit setup), under a table lock: a second setup racing the first gets null.
 */
export async function insertUser(db: Db, u: NewUser, { onlyIfNone = false } = {}): Promise<UserOut | null> {
  const userId = `u-${randomUUID()}`;
  const guard = onlyIfNone ? sql`WHERE NOT EXISTS (SELECT 1 FROM users)` : sql``;
  try {
    const inserted = await db.transaction(async (tx) => {
      // Two setups at once: the second waits for the first's commit, then sees its admin.
      if (onlyIfNone) await tx.execute(sql`LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE`);
      return rowsOf<{ user_id: string }>(
        await tx.execute(sql`INSERT INTO users (user_id, name, email, role, password_hash)
          SELECT ${userId}, ${u.name}, ${u.email}, ${u.role}, ${u.passwordHash} ${guard} RETURNING user_id`),
      );
    });
    if (inserted.length === 0) return null;
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError("conflict", `a user with email ${u.email} exists already`);
    throw err;
  }
  const [row] = rowsOf<UserRow>(await db.execute(sql`SELECT ${PUBLIC_COLUMNS} FROM users WHERE user_id = ${userId}`));
  return toOut(row!);
}

/** The user with this (lowercased) email, with their password hash: for sign-in only, never for an answer. */
export async function findUserByEmail(db: Db, email: string): Promise<UserWithHash | null> {
  const [row] = rowsOf<UserRow & { password_hash: string }>(
    await db.execute(sql`SELECT ${PUBLIC_COLUMNS}, password_hash FROM users WHERE email = ${email}`),
  );
  return row ? { ...toOut(row), password_hash: row.password_hash } : null;
}

/** Every user, oldest first. */
export async function listUsers(db: Db): Promise<UserOut[]> {
  return rowsOf<UserRow>(await db.execute(sql`SELECT ${PUBLIC_COLUMNS} FROM users ORDER BY created_at, user_id`)).map(
    toOut,
  );
}

/** The user with this id, or null (an admin's unlock, docs/accounts.md#sign-in-throttling). */
export async function findUserById(db: Db, userId: string): Promise<UserOut | null> {
  const [row] = rowsOf<UserRow>(await db.execute(sql`SELECT ${PUBLIC_COLUMNS} FROM users WHERE user_id = ${userId}`));
  return row ? toOut(row) : null;
}
