// What /sign-in says after a refused SSO sign-in (docs/accounts.md#github-and-openid-connect):
// the callback redirects with `?error=<code>` only, never a detail or a secret.
import type { SsoFailure } from "./sso-flow";

export const SSO_FAILURE_MESSAGES: Record<SsoFailure, string> = {
  state: "That sign-in link expired or was opened in another browser. Please try again.",
  denied: "The provider did not sign you in (cancelled or refused).",
  provider: "The sign-in provider could not be reached or gave an unexpected answer. Try again later.",
  token: "The provider's answer could not be verified, so you were not signed in. Please try again.",
  email: "The provider did not give a verified email address for your account.",
  no_account: "There is no Loopscope account for your email. Ask an admin to add you.",
  failed: "Sign-in failed on the server. Please try again.",
};

/** The message of an `?error=` code, or null for none or an unknown one. */
export function ssoFailureMessage(code: string | string[] | undefined): string | null {
  if (typeof code !== "string" || !Object.hasOwn(SSO_FAILURE_MESSAGES, code)) return null;
  return SSO_FAILURE_MESSAGES[code as SsoFailure];
}
