// GitHub and OpenID Connect sign-in (docs/accounts.md#github-and-openid-connect)
// on PGlite and Postgres, against a fake provider and a fake GitHub on
// 127.0.0.1: start → provider → callback through the real route handlers.
// A good sign-in starts a normal session; every bad callback is a redirect to
// /sign-in with an error code and no session.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { GET as callback } from "@/app/api/v1/auth/[provider]/callback/route";
import { GET as start } from "@/app/api/v1/auth/[provider]/start/route";
import { GET as whoAmI } from "@/app/api/v1/auth/session/route";
import { useAccountsOn } from "./support/auth";
import { targets } from "./support/databases";
import { CLIENT, startFakeGithub, startFakeOidc, type GithubAccount, type OidcUser } from "./support/fake-sso";
import { call, serveDatabase } from "./support/route";

type Handler = typeof start;
type Provider = "oidc" | "github";
const ORIGIN = "http://loopscope.test";

async function hit(handler: Handler, path: string, provider: string, cookie?: string) {
  const req = new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
  const res = await handler(req, { params: Promise.resolve({ provider }) });
  const cookies = res.headers.getSetCookie();
  const session = cookies.find((c) => c.startsWith("loopscope_session="))?.split(";")[0];
  return { status: res.status, location: res.headers.get("location") ?? "", cookies, session };
}

function useSsoEnv(vars: () => Record<string, string>) {
  const names = new Set<string>();
  const before: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [name, value] of Object.entries(vars())) {
      names.add(name);
      before[name] = process.env[name];
      process.env[name] = value;
    }
  });
  afterAll(() => {
    for (const name of names) {
      if (before[name] === undefined) delete process.env[name];
      else process.env[name] = before[name];
    }
  });
}

describe.each(targets)("SSO sign-in on $name", (target) => {
  useAccountsOn();
  serveDatabase(target);
  let oidc: Awaited<ReturnType<typeof startFakeOidc>>;
  let github: Awaited<ReturnType<typeof startFakeGithub>>;
  beforeAll(async () => {
    [oidc, github] = await Promise.all([startFakeOidc(), startFakeGithub()]);
  });
  afterAll(async () => Promise.all([oidc.close(), github.close()]));
  useSsoEnv(() => ({
    LOOPSCOPE_OIDC_ISSUER: oidc.issuer,
    LOOPSCOPE_OIDC_CLIENT_ID: CLIENT.id,
    LOOPSCOPE_OIDC_CLIENT_SECRET: CLIENT.secret,
    LOOPSCOPE_GITHUB_CLIENT_ID: CLIENT.id,
    LOOPSCOPE_GITHUB_CLIENT_SECRET: CLIENT.secret,
    LOOPSCOPE_GITHUB_URL: github.webUrl,
    LOOPSCOPE_GITHUB_API_URL: github.apiUrl,
  }));

  /** Start, "sign in" at the provider as `who`, come back (optionally with another state or no cookie). */
  async function signIn(
    provider: Provider,
    who: OidcUser | GithubAccount,
    tamper: { state?: string; cookie?: string } = {},
  ) {
    const begun = await hit(start, `/api/v1/auth/${provider}/start?return_to=/runs/r-1%3Ftab%3Dspans`, provider);
    expect(begun.status).toBe(302);
    const authorize = new URL(begun.location);
    const code =
      provider === "oidc" ? oidc.grant(authorize, who as OidcUser) : github.grant(authorize, who as GithubAccount);
    const state = tamper.state ?? authorize.searchParams.get("state")!;
    const cookie = tamper.cookie ?? begun.cookies[0]!.split(";")[0]!;
    return hit(callback, `/api/v1/auth/${provider}/callback?code=${code}&state=${state}`, provider, cookie);
  }

  const ada: OidcUser = { email: "ada@example.test" };
  const me = async (session: string | undefined) =>
    (await call(whoAmI, "/api/v1/auth/session", {}, { headers: { cookie: session ?? "" } })).body.user;

  test("the start redirects to the provider with PKCE S256, state and nonce, in a signed HttpOnly cookie", async () => {
    const begun = await hit(start, "/api/v1/auth/oidc/start", "oidc");
    const url = new URL(begun.location);
    expect(`${url.origin}${url.pathname}`).toBe(`${oidc.issuer}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: "code",
      client_id: CLIENT.id,
      redirect_uri: `${ORIGIN}/api/v1/auth/oidc/callback`,
      code_challenge_method: "S256",
      state: expect.stringMatching(/^[\w-]{43}$/),
      nonce: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(begun.cookies[0]).toMatch(
      /^loopscope_sso_oidc=[\w-]+\.[\w-]+; Path=\/api\/v1\/auth\/oidc\/callback; HttpOnly; SameSite=Lax; Max-Age=600$/,
    );
    expect(begun.location).not.toContain(CLIENT.secret);
  });

  test("the first OIDC sign-in creates the admin, starts a session and returns to the page it came from", async () => {
    const res = await signIn("oidc", { email: "Ada@Example.test", name: "Ada" });
    expect(res).toMatchObject({ status: 302, location: "/runs/r-1?tab=spans" });
    expect(res.cookies).toContain(
      "loopscope_sso_oidc=; Path=/api/v1/auth/oidc/callback; HttpOnly; SameSite=Lax; Max-Age=0",
    );
    expect(await me(res.session)).toMatchObject({ email: "ada@example.test", name: "Ada", role: "admin" });
  });

  test("a known user signs in with GitHub by their verified primary email", async () => {
    const res = await signIn("github", {
      login: "ada",
      name: null,
      emails: [{ email: "ada@example.test", verified: true }],
    });
    expect(res.location).toBe("/runs/r-1?tab=spans");
    expect(await me(res.session)).toMatchObject({ email: "ada@example.test", role: "admin" });
  });

  test("an id_token without email claims is completed from the userinfo endpoint, verified or not", async () => {
    const res = await signIn("oidc", { email: "ada@example.test", emailInUserinfoOnly: true });
    expect(await me(res.session)).toMatchObject({ email: "ada@example.test" });
    const unverified = await signIn("oidc", { ...ada, emailInUserinfoOnly: true, email_verified: false });
    expect(unverified).toMatchObject({ location: "/sign-in?error=email", session: undefined });
  });

  test("a stranger gets no account, unless LOOPSCOPE_SSO_ALLOWED_DOMAINS lists their domain: then a viewer", async () => {
    const refused = await signIn("oidc", { email: "bob@partner.test" });
    expect(refused).toMatchObject({ location: "/sign-in?error=no_account", session: undefined });
    process.env.LOOPSCOPE_SSO_ALLOWED_DOMAINS = "partner.test, other.test";
    try {
      const res = await signIn("github", {
        login: "bobby",
        name: null,
        emails: [{ email: "bob@partner.test", verified: true }],
      });
      expect(await me(res.session)).toMatchObject({ email: "bob@partner.test", name: "bobby", role: "viewer" });
    } finally {
      delete process.env.LOOPSCOPE_SSO_ALLOWED_DOMAINS;
    }
  });

  test.each<[string, Provider, OidcUser | GithubAccount, { state?: string; cookie?: string }, string]>([
    ["a wrong state", "oidc", ada, { state: "forged" }, "state"],
    ["a missing flow cookie", "oidc", ada, { cookie: "other=1" }, "state"],
    ["a forged flow cookie", "oidc", ada, { cookie: "loopscope_sso_oidc=e30.AAAA" }, "state"],
    ["a wrong nonce", "oidc", { ...ada, nonce: "replayed" }, {}, "token"],
    ["an expired id_token", "oidc", { ...ada, expiresInS: -600 }, {}, "token"],
    ["an id_token signed by another key", "oidc", { ...ada, otherKey: true }, {}, "token"],
    ["an unverified email", "oidc", { ...ada, email_verified: false }, {}, "email"],
    [
      "GitHub: a wrong state",
      "github",
      { login: "ada", name: null, emails: [{ email: "ada@example.test", verified: true }] },
      { state: "forged" },
      "state",
    ],
    [
      "GitHub: an unverified primary email",
      "github",
      { login: "ada", name: null, emails: [{ email: "ada@example.test", verified: false }] },
      {},
      "email",
    ],
  ])(
    "%s is refused: a redirect to /sign-in with the reason, no session",
    async (_case, provider, who, tamper, reason) => {
      const res = await signIn(provider, who, tamper);
      expect(res).toMatchObject({ status: 302, location: `/sign-in?error=${reason}`, session: undefined });
    },
  );

  test("the provider saying no (error=access_denied) is refused as denied", async () => {
    const res = await hit(callback, "/api/v1/auth/github/callback?error=access_denied&state=x", "github");
    expect(res).toMatchObject({ status: 302, location: "/sign-in?error=denied" });
  });

  test("a provider that is not configured, or unknown, is a 404", async () => {
    const secret = process.env.LOOPSCOPE_GITHUB_CLIENT_SECRET;
    const id = process.env.LOOPSCOPE_GITHUB_CLIENT_ID;
    delete process.env.LOOPSCOPE_GITHUB_CLIENT_SECRET;
    delete process.env.LOOPSCOPE_GITHUB_CLIENT_ID;
    try {
      expect((await hit(start, "/api/v1/auth/github/start", "github")).status).toBe(404);
    } finally {
      process.env.LOOPSCOPE_GITHUB_CLIENT_SECRET = secret;
      process.env.LOOPSCOPE_GITHUB_CLIENT_ID = id;
    }
    expect((await hit(start, "/api/v1/auth/saml/start", "saml")).status).toBe(404);
  });
});
