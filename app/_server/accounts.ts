// The verbs of docs/accounts.md behind the auth, users and keys routes:
// first-visit setup, sign-in, adding a user, creating a key. Each returns
// what its route sends; the routes only parse, call, and respond.
import { getDb } from "@/db/client";
import { insertApiKey } from "@/db/api-keys";
import { insertSession } from "@/db/sessions";
import { findUserByEmail, insertUser } from "@/db/users";
import { hashPassword, scrypt, verifyPassword, type DeriveKey } from "@/lib/auth/passwords";
import { SESSION_TTL_MS, hashSecret, newApiKey, newSessionToken } from "@/lib/auth/tokens";
import { ApiError } from "@/lib/errors";
import type { KeyCreated, NewKeyInput, NewUserInput, SetupInput, SignInInput, UserOut } from "@/lib/schemas/auth";
import { authIsOn } from "./auth";

export type SignedIn = { user: UserOut; token: string };

/** A new session for `user` (password sign-in, setup, SSO). */
export async function startSession(user: UserOut): Promise<SignedIn> {
  const token = newSessionToken();
  const { db } = await getDb();
  await insertSession(db, hashSecret(token), user.user_id, SESSION_TTL_MS);
  return { user, token };
}

/** The first visit: create the admin, only while there is no user, and sign them in. */
export async function setUpFirstAdmin(input: SetupInput): Promise<SignedIn> {
  if (!authIsOn()) throw new ApiError("conflict", "accounts are off (LOOPSCOPE_AUTH=off)");
  const { db } = await getDb();
  const passwordHash = await hashPassword(input.password);
  const user = await insertUser(db, { ...input, role: "admin", passwordHash }, { onlyIfNone: true });
  if (!user) throw new ApiError("conflict", "the admin account exists already: sign in");
  return startSession(user);
}

/**
 * Sign in with email and password; one 401 for an unknown email and a wrong password alike.
 * An unknown email and an SSO-only account run the same scrypt as a real check (lib/auth/passwords.ts).
 */
export async function signIn(input: SignInInput, derive: DeriveKey = scrypt): Promise<SignedIn> {
  const { db } = await getDb();
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(input.password, user?.password_hash ?? null, derive);
  if (!user || !ok) throw new ApiError("unauthorized", "wrong email or password");
  const { password_hash: _hash, ...out } = user;
  return startSession(out);
}

/** An admin adds a user with a role. */
export async function addUser(input: NewUserInput): Promise<UserOut> {
  const { db } = await getDb();
  const passwordHash = await hashPassword(input.password);
  return (await insertUser(db, { ...input, passwordHash }))!;
}

/** An admin creates a key: the secret is in this answer only, its hash in the database. */
export async function createKey(input: NewKeyInput, createdBy: string | null): Promise<KeyCreated> {
  const { db } = await getDb();
  const { publicKey, secretKey } = newApiKey();
  const secretHint = `${secretKey.slice(0, 10)}…`;
  const key = await insertApiKey(
    db,
    { name: input.name, publicKey, secretHash: hashSecret(secretKey), secretHint, scopes: input.scopes },
    createdBy,
  );
  return { key, secret_key: secretKey };
}
