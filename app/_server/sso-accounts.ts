// The account an SSO sign-in lands in (docs/accounts.md#github-and-openid-connect):
// the user with the provider's verified email; else, while there is no user
// yet, the first admin (the rule of /setup); else a new viewer when the
// email's domain is in LOOPSCOPE_SSO_ALLOWED_DOMAINS; else no account.
import { getDb } from "@/db/client";
import { findUserByEmail, insertUser } from "@/db/users";
import { NO_PASSWORD_HASH } from "@/lib/auth/sso-config";
import { SsoError } from "@/lib/auth/sso-flow";
import type { SsoIdentity } from "@/lib/auth/sso-identity";
import type { UserOut } from "@/lib/schemas/auth";

export async function ssoUser(identity: SsoIdentity, mayCreate: boolean): Promise<UserOut> {
  const { db } = await getDb();
  const known = await findUserByEmail(db, identity.email);
  if (known) {
    const { password_hash: _hash, ...user } = known;
    return user;
  }
  const newUser = { name: identity.name, email: identity.email, passwordHash: NO_PASSWORD_HASH };
  const admin = await insertUser(db, { ...newUser, role: "admin" }, { onlyIfNone: true });
  if (admin) return admin;
  if (!mayCreate) throw new SsoError("no_account", "no user has this email and its domain is not allowed");
  return (await insertUser(db, { ...newUser, role: "viewer" }))!;
}
