// Who a provider says signed in (docs/accounts.md#github-and-openid-connect):
// an email only when the provider says it is verified, and a display name.
// The id_token's signature, iss, aud and exp are checked by jose before these
// run; here are the checks jose cannot know: the nonce of our flow, azp, the email.
import type { z } from "zod";
import type { GithubEmails, GithubUser, OidcClaims } from "../schemas/sso";
import { SsoError } from "./sso-flow";

export type SsoIdentity = { email: string; name: string };

const NAME_MAX_CHARS = 80;
const clip = (name: string) => name.trim().slice(0, NAME_MAX_CHARS);

function displayName(candidates: (string | null | undefined)[], email: string): string {
  const found = candidates.find((c) => c && c.trim().length > 0);
  return clip(found ?? email.split("@")[0] ?? email);
}

/** The identity of verified id_token claims, or an SsoError (nonce, azp, unverified email). */
export function identityFromClaims(claims: OidcClaims, expected: { nonce: string; clientId: string }): SsoIdentity {
  if (claims.nonce !== expected.nonce) throw new SsoError("token", "the id_token's nonce is not this sign-in's");
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (audiences.length > 1 && claims.azp !== expected.clientId)
    throw new SsoError("token", "the id_token names several audiences and another authorized party");
  const verified = claims.email_verified === true || claims.email_verified === "true";
  if (!claims.email || !verified) throw new SsoError("email", "the provider gave no verified email");
  const email = claims.email.trim().toLowerCase();
  return { email, name: displayName([claims.name, claims.preferred_username], email) };
}

/** The identity of GitHub's user and emails: the primary email, which must be verified. */
export function identityFromGithub(
  user: z.infer<typeof GithubUser>,
  emails: z.infer<typeof GithubEmails>,
): SsoIdentity {
  const primary = emails.find((e) => e.primary);
  if (!primary || !primary.verified) throw new SsoError("email", "the GitHub account's primary email is not verified");
  const email = primary.email.trim().toLowerCase();
  return { email, name: displayName([user.name, user.login], email) };
}
