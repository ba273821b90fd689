// A tiny OpenID Connect provider and a tiny GitHub, on 127.0.0.1 at a random
// port, for the SSO tests (docs/accounts.md#github-and-openid-connect): no
// internet. The test reads the authorize URL Loopscope redirected to, then
// `grant`s a code for the user it wants the provider to report; the token
// endpoint checks the client secret, the redirect URI and the PKCE verifier.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";

export const CLIENT = { id: "loopscope-test", secret: "test-client-secret-0123456789" };

type Grant = { challenge: string; redirectUri: string; answer: () => Promise<unknown> };
type Route = (req: IncomingMessage, body: string) => Promise<{ status?: number; body: unknown }>;

async function serve(routes: Record<string, Route>): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res: ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const route = routes[`${req.method} ${new URL(req.url!, "http://x").pathname}`];
      const answer = route ? route(req, body) : Promise.resolve({ status: 404, body: { error: "not_found" } });
      void answer.then(({ status = 200, body: out }) => {
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(out));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/** Redeem a code once: the grant, when the client, redirect URI and PKCE verifier match. */
function redeem(grants: Map<string, Grant>, form: URLSearchParams, clientOk: boolean): Grant | null {
  const code = form.get("code") ?? "";
  const grant = grants.get(code);
  grants.delete(code);
  if (!clientOk || !grant || form.get("redirect_uri") !== grant.redirectUri) return null;
  return s256(form.get("code_verifier") ?? "") === grant.challenge ? grant : null;
}

let codes = 0;
function grantFrom(grants: Map<string, Grant>, authorize: URL, answer: Grant["answer"]): string {
  const code = `code-${++codes}`;
  const challenge = authorize.searchParams.get("code_challenge") ?? "";
  grants.set(code, { challenge, redirectUri: authorize.searchParams.get("redirect_uri") ?? "", answer });
  return code;
}

export type OidcUser = {
  email: string;
  email_verified?: boolean;
  name?: string;
  /** Sign with a key the provider's JWKS does not hold. */
  otherKey?: boolean;
  /** Put this nonce in the id_token instead of the one Loopscope sent. */
  nonce?: string;
  /** Seconds from now the id_token expires (negative: already expired). */
  expiresInS?: number;
  /** Leave the email claims out of the id_token: only the userinfo endpoint has them. */
  emailInUserinfoOnly?: boolean;
};

export async function startFakeOidc() {
  const good = await generateKeyPair("RS256", { extractable: true });
  const other = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(good.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const grants = new Map<string, Grant>();
  const userinfo = new Map<string, OidcUser>();
  const basic = `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString("base64")}`;
  let issuer = "";
  const server = await serve({
    "GET /.well-known/openid-configuration": async () => ({
      body: {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/userinfo`,
        code_challenge_methods_supported: ["S256"],
      },
    }),
    "GET /jwks": async () => ({ body: { keys: [jwk] } }),
    "GET /userinfo": async (req) => {
      const user = userinfo.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (!user) return { status: 401, body: {} };
      return { body: { sub: `sub-${user.email}`, email: user.email, email_verified: user.email_verified ?? true } };
    },
    "POST /token": async (req, body) => {
      const grant = redeem(grants, new URLSearchParams(body), req.headers.authorization === basic);
      return grant ? { body: await grant.answer() } : { status: 400, body: { error: "invalid_grant" } };
    },
  });
  issuer = server.url;

  const idToken = (user: OidcUser, nonce: string, key: CryptoKey) => {
    const now = Math.floor(Date.now() / 1000);
    const { email, email_verified = true, name } = user;
    const emailClaims = user.emailInUserinfoOnly ? {} : { email, email_verified };
    return new SignJWT({ ...emailClaims, ...(name && { name }), nonce: user.nonce ?? nonce })
      .setProtectedHeader({ alg: "RS256", kid: "k1" })
      .setIssuer(issuer)
      .setAudience(CLIENT.id)
      .setSubject(`sub-${email}`)
      .setIssuedAt(now - 60)
      .setExpirationTime(now + (user.expiresInS ?? 300))
      .sign(key);
  };

  return {
    issuer,
    close: server.close,
    /** The code the provider would send back after `user` signed in at `authorize`. */
    grant(authorize: URL, user: OidcUser): string {
      const nonce = authorize.searchParams.get("nonce") ?? "";
      const key = user.otherKey ? other.privateKey : good.privateKey;
      const accessToken = `at-${userinfo.size + 1}`;
      userinfo.set(accessToken, user);
      return grantFrom(grants, authorize, async () => ({
        access_token: accessToken,
        token_type: "Bearer",
        id_token: await idToken(user, nonce, key),
      }));
    },
  };
}

export type GithubAccount = { login: string; name: string | null; emails: { email: string; verified: boolean }[] };

export async function startFakeGithub() {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, GithubAccount>();
  const account = (req: IncomingMessage) => tokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
  const server = await serve({
    "POST /login/oauth/access_token": async (_req, body) => {
      const form = new URLSearchParams(body);
      const grant = redeem(
        grants,
        form,
        form.get("client_id") === CLIENT.id && form.get("client_secret") === CLIENT.secret,
      );
      return { body: grant ? await grant.answer() : { error: "bad_verification_code" } };
    },
    "GET /api/user": async (req) => {
      const a = account(req);
      return a ? { body: { login: a.login, name: a.name } } : { status: 401, body: {} };
    },
    "GET /api/user/emails": async (req) => {
      const a = account(req);
      if (!a) return { status: 401, body: {} };
      return { body: a.emails.map((e, i) => ({ ...e, primary: i === 0, visibility: null })) };
    },
  });
  return {
    webUrl: server.url,
    apiUrl: `${server.url}/api`,
    close: server.close,
    grant(authorize: URL, who: GithubAccount): string {
      const token = `gho_${tokens.size + 1}`;
      tokens.set(token, who);
      return grantFrom(grants, authorize, async () => ({ access_token: token, token_type: "bearer", scope: "" }));
    },
  };
}
