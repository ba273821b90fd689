// Taking access back (docs/accounts.md#taking-access-back): the verbs behind
// the users, password and password-reset routes. Each one ends the sessions
// it must at once: a role change or removal ends all of that user's, "sign
// out everywhere" all of them, a password change the user's other browsers,
// a reset link (made or used) all of them.
import { getDb } from "@/db/client";
import { consumePasswordReset, insertPasswordReset } from "@/db/password-resets";
import { deleteUserSessions } from "@/db/sessions";
import { clearFailures } from "@/db/sign-in-throttle";
import { changeUserAccess, findPasswordHash, findUserById, updatePasswordHash } from "@/db/users";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import type { Role } from "@/lib/auth/roles";
import { accountKey } from "@/lib/auth/throttle";
import { hashSecret, newSessionToken } from "@/lib/auth/tokens";
import { ApiError } from "@/lib/errors";
import type { PasswordChangeInput, PasswordResetCreated, PasswordResetInput, UserOut } from "@/lib/schemas/auth";
import { formatTimeUs } from "@/lib/time";
import { startSession, type SignedIn } from "./accounts";

/** How long an admin's reset link works. */
export const RESET_TTL_MS = 24 * 60 * 60 * 1000;

const noSuchUser = (userId: string) => new ApiError("not_found", `no user "${userId}"`);

/** An admin changes a user's role (null: removes the account); never the last admin's. */
export async function changeAccess(userId: string, role: Role | null): Promise<UserOut> {
  const user = await changeUserAccess((await getDb()).db, userId, role);
  if (!user) throw noSuchUser(userId);
  return user;
}

/** "Sign out everywhere": every session of the user ends; how many. */
export async function signOutEverywhere(userId: string): Promise<number> {
  const { db } = await getDb();
  if (!(await findUserById(db, userId))) throw noSuchUser(userId);
  return deleteUserSessions(db, userId);
}

/**
 * A signed-in user changes their own password, after giving the current one; their
 * other sessions end, `keepSession` (this browser's token hash) stays signed in.
 */
export async function changeOwnPassword(
  userId: string,
  input: PasswordChangeInput,
  keepSession: string | undefined,
): Promise<number> {
  const { db } = await getDb();
  const hash = await findPasswordHash(db, userId);
  if (hash === null) throw noSuchUser(userId);
  if (!(await verifyPassword(input.current_password, hash)))
    throw new ApiError(
      "forbidden",
      "the current password is wrong (an account made by single sign-on has none: ask an admin for a reset link)",
    );
  await updatePasswordHash(db, userId, await hashPassword(input.new_password));
  return deleteUserSessions(db, userId, keepSession);
}

/** An admin makes a one-time reset link for a user; the user's sessions end now. */
export async function createPasswordReset(userId: string, origin: string): Promise<PasswordResetCreated> {
  const { db } = await getDb();
  if (!(await findUserById(db, userId))) throw noSuchUser(userId);
  const token = newSessionToken();
  const expiresAt = await insertPasswordReset(db, hashSecret(token), userId, RESET_TTL_MS);
  await deleteUserSessions(db, userId);
  return {
    user_id: userId,
    reset_url: `${origin}/reset-password#token=${token}`,
    expires_at: formatTimeUs(expiresAt.getTime() * 1000),
  };
}

/** The user of a reset link sets a new password: every session ends, the lock lifts, this browser signs in. */
export async function usePasswordReset(input: PasswordResetInput): Promise<SignedIn> {
  const { db } = await getDb();
  const userId = await consumePasswordReset(db, hashSecret(input.token));
  if (userId === null)
    throw new ApiError("forbidden", "this reset link is unknown, used or expired: ask an admin for a new one");
  const user = await findUserById(db, userId);
  if (!user) throw new ApiError("forbidden", "this reset link's account was removed");
  await updatePasswordHash(db, userId, await hashPassword(input.new_password));
  await deleteUserSessions(db, userId);
  await clearFailures(db, accountKey(user.email));
  return startSession(user);
}
