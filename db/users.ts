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

/** The stored password hash of a user, to check their current password before a change; null: no such user. */
export async function findPasswordHash(db: Db, userId: string): Promise<string | null> {
  const [row] = rowsOf<{ password_hash: string }>(
    await db.execute(sql`SELECT password_hash FROM users WHERE user_id = ${userId}`),
  );
  return row?.password_hash ?? null;
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.execute(sql`UPDATE users SET password_hash = ${passwordHash} WHERE user_id = ${userId}`);
}

/**
 * Change a user's role, or remove the user (`role` null), and end their sessions, in one
 * transaction. The users table is locked while the admins are counted, so two admins
 * demoting each other at once cannot leave the project with none: the change that would
 * is refused (409). Null: no such user.
 */
export async function changeUserAccess(db: Db, userId: string, role: Role | null): Promise<UserOut | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE`);
    const [row] = rowsOf<UserRow>(await tx.execute(sql`SELECT ${PUBLIC_COLUMNS} FROM users WHERE user_id = ${userId}`));
    if (!row) return null;
    if (row.role === "admin" && role !== "admin") {
      const [admins] = rowsOf<{ n: number | string }>(
        await tx.execute(sql`SELECT count(*) AS n FROM users WHERE role = 'admin'`),
      );
      if (Number(admins?.n ?? 0) <= 1)
        throw new ApiError(
          "conflict",
          `${row.email} is the last admin: make another user an admin first, then ${role ? "change this role" : "remove this account"}`,
        );
    }
    if (role === null) {
      await tx.execute(sql`DELETE FROM users WHERE user_id = ${userId}`); // its sessions and reset links cascade
      return toOut(row);
    }
    if (role === row.role) return toOut(row);
    await tx.execute(sql`UPDATE users SET role = ${role} WHERE user_id = ${userId}`);
    await tx.execute(sql`DELETE FROM sessions WHERE user_id = ${userId}`);
    return toOut({ ...row, role });
  });
}
