// GET /api/v1/auth/{provider}/start and /callback (docs/accounts.md#github-and-openid-connect).
// The start sends the browser to the provider with a signed flow cookie; the
// callback checks it, asks the provider who signed in, starts a normal session
// and returns to the page the user came from. A refused callback redirects to
// /sign-in?error=<code> — never a 500, never a detail or a secret in the URL;
// the log names the provider and the reason only.
import { ApiError } from "@/lib/errors";
import {
  allowedDomains,
  callbackUrl,
  emailDomainAllowed,
  ssoClient,
  SSO_PROVIDERS,
  type GithubClient,
  type OidcClient,
  type SsoProvider,
} from "@/lib/auth/sso-config";
import { safeReturnPath } from "@/lib/auth/return-path";
import { checkCallback, flowKey, newFlow, openFlow, sealFlow, SsoError } from "@/lib/auth/sso-flow";
import { FLOW_TTL_MS, type SsoFailure, type SsoFlow } from "@/lib/auth/sso-flow";
import { readEnv } from "@/lib/env";
import { readCookie } from "@/lib/http/cookies";
import { publicOrigin } from "./public-origin";
import { startSession } from "./accounts";
import { isHttps, sessionCookie } from "./session";
import { ssoUser } from "./sso-accounts";
import { githubAuthorizeUrl, githubIdentity } from "./sso-github";
import { oidcAuthorizeUrl, oidcIdentity } from "./sso-oidc";

type Client = OidcClient | GithubClient;

function configured(provider: string): Client {
  const known = (SSO_PROVIDERS as readonly string[]).includes(provider);
  const client = known ? ssoClient(readEnv(), provider as SsoProvider) : null;
  if (!client) throw new ApiError("not_found", `sign-in with ${provider} is not configured on this server`);
  return client;
}

const cookieName = (p: SsoProvider) => `loopscope_sso_${p}`;

function flowCookie(req: Request, provider: SsoProvider, value: string, maxAgeS: number): string {
  const secure = isHttps(req) ? "; Secure" : "";
  const path = `/api/v1/auth/${provider}/callback`;
  return `${cookieName(provider)}=${value}; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeS}${secure}`;
}

const redirectUri = (req: Request, p: SsoProvider) => callbackUrl(publicOrigin(req), p);

function redirect(location: string, cookies: string[]): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const c of cookies) headers.append("set-cookie", c);
  return new Response(null, { status: 302, headers });
}

const refused = (reason: SsoFailure, cookies: string[] = []) => redirect(`/sign-in?error=${reason}`, cookies);

export async function startSso(req: Request, name: string): Promise<Response> {
  const client = configured(name);
  const provider = client.provider;
  const flow = newFlow(safeReturnPath(new URL(req.url).searchParams.get("return_to")), Date.now());
  try {
    const uri = redirectUri(req, provider);
    const to =
      client.provider === "oidc" ? await oidcAuthorizeUrl(client, flow, uri) : githubAuthorizeUrl(client, flow, uri);
    const sealed = sealFlow(flow, flowKey(provider, client.clientSecret));
    return redirect(to, [flowCookie(req, provider, sealed, FLOW_TTL_MS / 1000)]);
  } catch (err) {
    return refused(logRefusal(provider, err));
  }
}

export async function finishSso(req: Request, name: string): Promise<Response> {
  const client = configured(name);
  const provider = client.provider;
  const cleared = flowCookie(req, provider, "", 0);
  try {
    const flow = openFlow(
      readCookie(req.headers.get("cookie"), cookieName(provider)),
      flowKey(provider, client.clientSecret),
      Date.now(),
    );
    const code = checkCallback(new URL(req.url).searchParams, flow);
    const identity = await identify(client, code, flow!, redirectUri(req, provider));
    const user = await ssoUser(identity, emailDomainAllowed(identity.email, allowedDomains(readEnv())));
    const { token } = await startSession(user);
    // Checked again: a flow cookie sealed before a change of the rule is still valid for FLOW_TTL_MS.
    return redirect(safeReturnPath(flow!.returnTo), [cleared, sessionCookie(req, token)]);
  } catch (err) {
    return refused(logRefusal(provider, err), [cleared]);
  }
}

function identify(client: Client, code: string, flow: SsoFlow, uri: string) {
  return client.provider === "oidc" ? oidcIdentity(client, code, flow, uri) : githubIdentity(client, code, flow, uri);
}

/** Log why (no code, token or email), and the code to show. */
function logRefusal(provider: SsoProvider, err: unknown): SsoFailure {
  const reason = err instanceof SsoError ? err.reason : "failed";
  const detail = err instanceof SsoError ? err.message : (err as Error)?.name;
  console.warn(`loopscope: sign-in with ${provider} refused (${reason}): ${detail}`);
  return reason;
}
