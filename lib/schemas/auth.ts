// Accounts and API keys (docs/accounts.md): what the auth, users and keys
// endpoints accept and return. The routes, the forms and the tests share these.
import { z } from "zod";
import { KEY_SCOPES, ROLES } from "../auth/roles";

/** The shortest password a user may set. */
export const PASSWORD_MIN_CHARS = 10;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "must be an email address" }));
const name = z.string().trim().min(1).max(80);
const password = z.string().min(PASSWORD_MIN_CHARS).max(200);

/** POST /api/v1/auth/setup: the first account, always an admin. */
export const SetupInput = z.object({ name, email, password });
export type SetupInput = z.output<typeof SetupInput>;

/** POST /api/v1/auth/session: sign in. */
export const SignInInput = z.object({ email, password: z.string().min(1).max(200) });
export type SignInInput = z.output<typeof SignInInput>;

/** POST /api/v1/users: an admin adds a user. */
export const NewUserInput = z.object({ name, email, password, role: z.enum(ROLES) });
export type NewUserInput = z.output<typeof NewUserInput>;

/**
 * The public user: everything an answer may say about an account. Never the
 * password hash — every route answers a user through this schema, whose
 * z.object drops any other key (docs/accounts.md#never-answered).
 */
export const UserOut = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  created_at: z.string(),
});
export type UserOut = z.infer<typeof UserOut>;

/** GET /api/v1/auth/session: who is signed in (null when nobody). */
export const SessionOut = z.object({
  user: UserOut.omit({ created_at: true }).nullable(),
  auth: z.enum(["on", "off"]),
});
export type SessionOut = z.infer<typeof SessionOut>;

/** POST /api/v1/keys: a new API key with its scopes. */
export const NewKeyInput = z.object({
  name: z.string().trim().min(1).max(80),
  scopes: z.array(z.enum(KEY_SCOPES)).min(1),
});
export type NewKeyInput = z.output<typeof NewKeyInput>;

/** A stored key as listed: never its secret. */
export const KeyOut = z.object({
  key_id: z.string(),
  name: z.string(),
  public_key: z.string(),
  secret_hint: z.string(),
  scopes: z.array(z.enum(KEY_SCOPES)),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type KeyOut = z.infer<typeof KeyOut>;

/** POST /api/v1/keys (201): the one response that shows the secret. */
export const KeyCreated = z.object({ key: KeyOut, secret_key: z.string() });
export type KeyCreated = z.infer<typeof KeyCreated>;

/** POST /api/v1/auth/setup (201), POST /api/v1/auth/session, POST /api/v1/users (201). */
export const UserAnswer = z.object({ user: UserOut });
export type UserAnswer = z.infer<typeof UserAnswer>;

/** GET /api/v1/users, oldest first. */
export const UserList = z.object({ users: z.array(UserOut) });
export type UserList = z.infer<typeof UserList>;

/** GET /api/v1/keys, newest first; DELETE /api/v1/keys/{key_id} answers `{key}`. */
export const KeyList = z.object({ keys: z.array(KeyOut) });
export type KeyList = z.infer<typeof KeyList>;
export const KeyRevoked = z.object({ key: KeyOut });
export type KeyRevoked = z.infer<typeof KeyRevoked>;

/** DELETE /api/v1/auth/session. */
export const SignedOut = z.object({ signed_out: z.literal(true) });
export type SignedOut = z.infer<typeof SignedOut>;

/** PATCH /api/v1/users/{user_id}: an admin changes a user's role (docs/accounts.md#taking-access-back). */
export const UserChangeInput = z.object({ role: z.enum(ROLES) });
export type UserChangeInput = z.output<typeof UserChangeInput>;

/** DELETE /api/v1/users/{user_id}: the removed user. */
export const UserRemoved = z.object({ user: UserOut, removed: z.literal(true) });
export type UserRemoved = z.infer<typeof UserRemoved>;

/** DELETE /api/v1/users/{user_id}/sessions: "sign out everywhere"; how many sessions ended. */
export const SessionsEnded = z.object({ user_id: z.string(), sessions_ended: z.number().int().nonnegative() });
export type SessionsEnded = z.infer<typeof SessionsEnded>;

/** PUT /api/v1/auth/password: a signed-in user changes their own password. */
export const PasswordChangeInput = z.object({ current_password: z.string().min(1).max(200), new_password: password });
export type PasswordChangeInput = z.output<typeof PasswordChangeInput>;

/** PUT /api/v1/auth/password: done; the user's other sessions ended. */
export const PasswordChanged = z.object({ changed: z.literal(true), other_sessions_ended: z.number().int() });
export type PasswordChanged = z.infer<typeof PasswordChanged>;

/** POST /api/v1/users/{user_id}/password-reset (201): the one-time link, shown to the admin once. */
export const PasswordResetCreated = z.object({ user_id: z.string(), reset_url: z.string(), expires_at: z.string() });
export type PasswordResetCreated = z.infer<typeof PasswordResetCreated>;

/** POST /api/v1/auth/password-reset: the link's token and the new password; answers UserAnswer, signed in. */
export const PasswordResetInput = z.object({ token: z.string().min(1).max(200), new_password: password });
export type PasswordResetInput = z.output<typeof PasswordResetInput>;
