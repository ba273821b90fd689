// GitHub and OpenID Connect sign-in (docs/accounts.md#github-and-openid-connect):
// which providers the environment turns on, and who SSO may create an account
// for. A provider is on only when accounts are on and its variables are set;
// with none set, sign-in is email and password only, as before.
import type { ServerEnv } from "../env";

export const SSO_PROVIDERS = ["github", "oidc"] as const;
export type SsoProvider = (typeof SSO_PROVIDERS)[number];

export type SsoClient = { provider: SsoProvider; label: string; clientId: string; clientSecret: string };
export type OidcClient = SsoClient & { provider: "oidc"; issuer: string };
export type GithubClient = SsoClient & { provider: "github"; webUrl: string; apiUrl: string };

/**
 * The stored password hash of an account SSO created: not a scrypt hash, so
 * verifyPassword is always false and such a user signs in only through SSO.
 */
export const NO_PASSWORD_HASH = "sso-only";

const trimSlash = (url: string) => url.replace(/\/+$/, "");

export function oidcClient(env: ServerEnv): OidcClient | null {
  const { LOOPSCOPE_OIDC_ISSUER: issuer, LOOPSCOPE_OIDC_CLIENT_ID: id, LOOPSCOPE_OIDC_CLIENT_SECRET: secret } = env;
  if (env.LOOPSCOPE_AUTH !== "on" || !issuer || !id || !secret) return null;
  const label = env.LOOPSCOPE_OIDC_NAME ?? "single sign-on";
  return { provider: "oidc", label, clientId: id, clientSecret: secret, issuer: trimSlash(issuer) };
}

export function githubClient(env: ServerEnv): GithubClient | null {
  const { LOOPSCOPE_GITHUB_CLIENT_ID: id, LOOPSCOPE_GITHUB_CLIENT_SECRET: secret } = env;
  if (env.LOOPSCOPE_AUTH !== "on" || !id || !secret) return null;
  return {
    provider: "github",
    label: "GitHub",
    clientId: id,
    clientSecret: secret,
    webUrl: trimSlash(env.LOOPSCOPE_GITHUB_URL ?? "https://github.com"),
    apiUrl: trimSlash(env.LOOPSCOPE_GITHUB_API_URL ?? "https://api.github.com"),
  };
}

export function ssoClient(env: ServerEnv, provider: SsoProvider): OidcClient | GithubClient | null {
  return provider === "oidc" ? oidcClient(env) : githubClient(env);
}

/** The sign-in buttons to show: one per configured provider, GitHub first. */
export function ssoButtons(env: ServerEnv): { provider: SsoProvider; label: string }[] {
  return SSO_PROVIDERS.flatMap((p) => {
    const client = ssoClient(env, p);
    return client ? [{ provider: p, label: client.label }] : [];
  });
}

/** The lowercased domains of LOOPSCOPE_SSO_ALLOWED_DOMAINS (comma- or space-separated). */
export function allowedDomains(env: ServerEnv): string[] {
  const raw = env.LOOPSCOPE_SSO_ALLOWED_DOMAINS ?? "";
  return raw
    .split(/[\s,]+/)
    .map((d) => d.trim().toLowerCase().replace(/^@/, ""))
    .filter((d) => d.length > 0);
}

/** Whether SSO may create an account for this email: its domain is listed exactly (no subdomains). */
export function emailDomainAllowed(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf("@");
  return at > 0 && domains.includes(email.slice(at + 1).toLowerCase());
}

/** Where the provider sends the browser back: `{public URL}/api/v1/auth/<provider>/callback`. */
export function callbackUrl(publicOrigin: string, provider: SsoProvider): string {
  return `${trimSlash(publicOrigin)}/api/v1/auth/${provider}/callback`;
}
