// OpenID Connect sign-in against the configured issuer (docs/accounts.md#github-and-openid-connect):
// discovery, the authorization URL with PKCE S256, the code exchange, and the
// id_token verified by jose against the provider's JWKS (signature, iss, aud,
// exp), then our nonce. The discovery document and the key set are cached
// for DISCOVERY_TTL_MS per issuer; jose refetches the keys when a kid is new.
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import type { OidcClient } from "@/lib/auth/sso-config";
import { authorizeUrl, pkceChallenge, SsoError, type SsoFlow } from "@/lib/auth/sso-flow";
import { identityFromClaims, type SsoIdentity } from "@/lib/auth/sso-identity";
import { OidcClaims, OidcDiscovery, OidcTokenAnswer } from "@/lib/schemas/sso";
import { fetchJson } from "./sso-fetch";

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
/** Clock difference tolerated between us and the provider when checking exp, iat and nbf. */
const CLOCK_TOLERANCE_S = 30;

type Provider = { doc: OidcDiscovery; keys: JWTVerifyGetKey; fetchedMs: number };
const providers = new Map<string, Provider>();

async function discover(issuer: string): Promise<Provider> {
  const cached = providers.get(issuer);
  if (cached && Date.now() - cached.fetchedMs < DISCOVERY_TTL_MS) return cached;
  const doc = await fetchJson(OidcDiscovery, `${issuer}/.well-known/openid-configuration`);
  if (doc.issuer.replace(/\/+$/, "") !== issuer)
    throw new SsoError("provider", "the discovery document names another issuer");
  const provider = { doc, keys: createRemoteJWKSet(new URL(doc.jwks_uri)), fetchedMs: Date.now() };
  providers.set(issuer, provider);
  return provider;
}

export async function oidcAuthorizeUrl(client: OidcClient, flow: SsoFlow, redirectUri: string): Promise<string> {
  const { doc } = await discover(client.issuer);
  return authorizeUrl(doc.authorization_endpoint, {
    response_type: "code",
    client_id: client.clientId,
    redirect_uri: redirectUri,
    scope: "openid email profile",
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: pkceChallenge(flow.verifier),
    code_challenge_method: "S256",
  });
}

/** client_secret_basic (the default of OIDC) unless the provider supports only client_secret_post. */
function clientAuth(
  client: OidcClient,
  doc: OidcDiscovery,
): { headers: Record<string, string>; body: URLSearchParams } {
  const methods = doc.token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
  if (!methods.includes("client_secret_basic") && methods.includes("client_secret_post")) {
    return {
      headers: {},
      body: new URLSearchParams({ client_id: client.clientId, client_secret: client.clientSecret }),
    };
  }
  const basic = `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`;
  return { headers: { authorization: `Basic ${Buffer.from(basic).toString("base64")}` }, body: new URLSearchParams() };
}

/** Exchange the code, verify the id_token, and read the verified email of who signed in. */
export async function oidcIdentity(
  client: OidcClient,
  code: string,
  flow: SsoFlow,
  redirectUri: string,
): Promise<SsoIdentity> {
  const { doc, keys } = await discover(client.issuer);
  const auth = clientAuth(client, doc);
  const body = auth.body;
  for (const [k, v] of Object.entries({ grant_type: "authorization_code", code, redirect_uri: redirectUri }))
    body.set(k, v);
  body.set("code_verifier", flow.verifier);
  const tokens = await fetchJson(OidcTokenAnswer, doc.token_endpoint, { method: "POST", headers: auth.headers, body });
  const verified = await jwtVerify(tokens.id_token, keys, {
    issuer: doc.issuer,
    audience: client.clientId,
    clockTolerance: CLOCK_TOLERANCE_S,
    requiredClaims: ["exp", "iat", "sub"],
  }).catch((err: unknown) => {
    throw new SsoError("token", `the id_token was refused: ${(err as Error).name}`);
  });
  let payload: Record<string, unknown> = verified.payload;
  const noEmailClaims = payload.email === undefined || payload.email_verified === undefined;
  if (noEmailClaims && doc.userinfo_endpoint && tokens.access_token) {
    const info = await fetchJson(OidcClaims.partial(), doc.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    if (info.sub === payload.sub) payload = { ...payload, email: info.email, email_verified: info.email_verified };
  }
  const claims = OidcClaims.safeParse(payload);
  if (!claims.success) throw new SsoError("token", "the id_token lacks sub or aud");
  return identityFromClaims(claims.data, { nonce: flow.nonce, clientId: client.clientId });
}
