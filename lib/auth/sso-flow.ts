// The browser's side of an SSO sign-in (docs/accounts.md#github-and-openid-connect):
// the start makes a state, a nonce and a PKCE verifier (S256), keeps them in a
// short-lived cookie signed with a key derived from the provider's client
// secret, and sends the browser to the provider; the callback accepts a code
// only with the state of that cookie. No database row: an abandoned sign-in
// leaves nothing behind.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { SsoProvider } from "./sso-config";

/** How long a started sign-in may take at the provider. */
export const FLOW_TTL_MS = 10 * 60 * 1000;

export type SsoFlow = { state: string; nonce: string; verifier: string; returnTo: string; expiresMs: number };

const random = () => randomBytes(32).toString("base64url");

/** The S256 code challenge of a PKCE verifier (RFC 7636). */
export function pkceChallenge(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

export function newFlow(returnTo: string, nowMs: number): SsoFlow {
  return { state: random(), nonce: random(), verifier: random(), returnTo, expiresMs: nowMs + FLOW_TTL_MS };
}

/** The flow cookie's signing key: derived from the client secret, so no extra secret to configure. */
export function flowKey(provider: SsoProvider, clientSecret: string): Buffer {
  return createHmac("sha256", clientSecret).update(`loopscope sso flow ${provider}`).digest();
}

const sign = (payload: string, key: Buffer) => createHmac("sha256", key).update(payload).digest("base64url");

/** The cookie value: the flow as base64url JSON, a dot, its HMAC. */
export function sealFlow(flow: SsoFlow, key: Buffer): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString("base64url");
  return `${payload}.${sign(payload, key)}`;
}

/** The flow of a cookie value, or null when it is missing, forged, malformed or expired. */
export function openFlow(sealed: string | null, key: Buffer, nowMs: number): SsoFlow | null {
  const [payload, mac, extra] = (sealed ?? "").split(".");
  if (!payload || !mac || extra !== undefined || !sameText(mac, sign(payload, key))) return null;
  try {
    const flow = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as SsoFlow;
    const fields = [flow.state, flow.nonce, flow.verifier, flow.returnTo];
    if (!fields.every((f) => typeof f === "string") || typeof flow.expiresMs !== "number") return null;
    return flow.expiresMs > nowMs ? flow : null;
  } catch {
    return null;
  }
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The provider's authorization URL with our parameters (its own query, if any, kept). */
export function authorizeUrl(endpoint: string, params: Record<string, string>): string {
  const url = new URL(endpoint);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** Why an SSO sign-in was refused: the code the callback puts in `/sign-in?error=`. */
export type SsoFailure = "state" | "denied" | "provider" | "token" | "email" | "no_account" | "failed";

export class SsoError extends Error {
  constructor(
    readonly reason: SsoFailure,
    message: string,
  ) {
    super(message);
  }
}

/** The code of a callback whose query carries the flow's state; an SsoError otherwise. */
export function checkCallback(query: URLSearchParams, flow: SsoFlow | null): string {
  if (query.has("error")) throw new SsoError("denied", "the provider answered with an error");
  if (!flow) throw new SsoError("state", "no valid sign-in cookie (expired, missing or forged)");
  const state = query.get("state");
  if (!state || !sameText(state, flow.state)) throw new SsoError("state", "the state does not match the cookie's");
  const code = query.get("code");
  if (!code) throw new SsoError("state", "the callback has no code");
  return code;
}
