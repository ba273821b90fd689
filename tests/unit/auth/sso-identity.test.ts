// lib/auth/sso-identity.ts and lib/auth/sso-config.ts: who a provider says
// signed in — only a verified email — and which providers and domains the
// environment turns on (docs/accounts.md#github-and-openid-connect).
import { describe, expect, test } from "vitest";
import { allowedDomains, callbackUrl, emailDomainAllowed, ssoButtons } from "@/lib/auth/sso-config";
import { identityFromClaims, identityFromGithub } from "@/lib/auth/sso-identity";
import { ssoFailureMessage } from "@/lib/auth/sso-messages";
import { readEnv } from "@/lib/env";
import type { OidcClaims } from "@/lib/schemas/sso";

const expected = { nonce: "n-1", clientId: "loopscope" };
const claims = (c: Partial<OidcClaims> = {}): OidcClaims => ({
  sub: "s",
  aud: "loopscope",
  nonce: "n-1",
  email: "Ada@Example.test",
  email_verified: true,
  ...c,
});
const reasonOf = (fn: () => unknown) => {
  try {
    fn();
    return "accepted";
  } catch (err) {
    return (err as { reason: string }).reason;
  }
};

describe("OIDC claims", () => {
  test("a verified email, lowercased, with the name or else the username or the email's local part", () => {
    expect(identityFromClaims(claims({ name: "Ada L" }), expected)).toEqual({
      email: "ada@example.test",
      name: "Ada L",
    });
    expect(identityFromClaims(claims({ preferred_username: "ada" }), expected).name).toBe("ada");
    expect(identityFromClaims(claims({ email_verified: "true" }), expected).name).toBe("ada");
  });

  test.each([
    ["another nonce", claims({ nonce: "n-2" }), "token"],
    ["no nonce", claims({ nonce: undefined }), "token"],
    ["several audiences and another azp", claims({ aud: ["loopscope", "x"], azp: "x" }), "token"],
    ["an unverified email", claims({ email_verified: false }), "email"],
    ["no email_verified", claims({ email_verified: undefined }), "email"],
    ["no email", claims({ email: undefined }), "email"],
  ])("%s is refused", (_case, c, reason) => {
    expect(reasonOf(() => identityFromClaims(c, expected))).toBe(reason);
  });

  test("several audiences are accepted when azp is ours", () => {
    expect(reasonOf(() => identityFromClaims(claims({ aud: ["loopscope", "x"], azp: "loopscope" }), expected))).toBe(
      "accepted",
    );
  });
});

describe("GitHub", () => {
  const user = { login: "ada", name: null };
  test("the primary email, when verified; the name or else the login", () => {
    const emails = [
      { email: "old@example.test", primary: false, verified: true },
      { email: "Ada@Example.test", primary: true, verified: true },
    ];
    expect(identityFromGithub(user, emails)).toEqual({ email: "ada@example.test", name: "ada" });
  });

  test("an unverified primary email is refused even when another email is verified", () => {
    const emails = [
      { email: "ada@example.test", primary: true, verified: false },
      { email: "other@example.test", primary: false, verified: true },
    ];
    expect(reasonOf(() => identityFromGithub(user, emails))).toBe("email");
  });
});

describe("configuration", () => {
  const env = (vars: Record<string, string>) => readEnv({ LOOPSCOPE_AUTH: "on", ...vars });
  const oidc = { LOOPSCOPE_OIDC_ISSUER: "https://idp.test/", LOOPSCOPE_OIDC_CLIENT_ID: "c" };
  const github = { LOOPSCOPE_GITHUB_CLIENT_ID: "g", LOOPSCOPE_GITHUB_CLIENT_SECRET: "s" };

  test("no variables, no buttons; each configured provider its button, GitHub first", () => {
    expect(ssoButtons(env({}))).toEqual([]);
    expect(
      ssoButtons(env({ ...oidc, LOOPSCOPE_OIDC_CLIENT_SECRET: "s", LOOPSCOPE_OIDC_NAME: "Okta", ...github })),
    ).toEqual([
      { provider: "github", label: "GitHub" },
      { provider: "oidc", label: "Okta" },
    ]);
  });

  test("with accounts off there is nothing to sign in to", () => {
    expect(ssoButtons(readEnv({ LOOPSCOPE_AUTH: "off", ...github }))).toEqual([]);
  });

  test("allowed domains match the email's domain exactly, not a subdomain", () => {
    const domains = allowedDomains(env({ LOOPSCOPE_SSO_ALLOWED_DOMAINS: "Example.test, @corp.test" }));
    expect(domains).toEqual(["example.test", "corp.test"]);
    expect(emailDomainAllowed("ada@example.test", domains)).toBe(true);
    expect(emailDomainAllowed("ada@eu.example.test", domains)).toBe(false);
    expect(emailDomainAllowed("ada@example.test.evil", domains)).toBe(false);
    expect(emailDomainAllowed("ada@other.test", [])).toBe(false);
  });

  test("the callback URL to register with the provider", () => {
    expect(callbackUrl("https://loopscope.example.com/", "github")).toBe(
      "https://loopscope.example.com/api/v1/auth/github/callback",
    );
  });

  test("an error code shows its message; an unknown one shows nothing", () => {
    expect(ssoFailureMessage("state")).toMatch(/expired/);
    expect(ssoFailureMessage("<script>")).toBeNull();
    expect(ssoFailureMessage(["state", "email"])).toBeNull();
  });
});
