// Secrets of docs/accounts.md: session tokens and API keys are random
// (32 bytes), handed out once and stored only as their SHA-256, so a copy of
// the database cannot sign in. An API key is a pair like Langfuse's: a public
// key `pk-ls-…` (stored plainly, names the key) and a secret `sk-ls-…`.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const SESSION_COOKIE = "loopscope_session";
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY_MS;

/** How long an unused session lives: LOOPSCOPE_SESSION_IDLE_DAYS, in ms. */
export const sessionIdleMs = (idleDays: number) => idleDays * DAY_MS;

/** The stored form of a secret: its SHA-256, hex. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** Constant-time equality of two secrets (compared through their hashes, so lengths may differ). */
export function secretsEqual(a: string, b: string): boolean {
  return timingSafeEqual(Buffer.from(hashSecret(a), "hex"), Buffer.from(hashSecret(b), "hex"));
}

export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export type NewApiKey = { publicKey: string; secretKey: string };

export function newApiKey(): NewApiKey {
  return {
    publicKey: `pk-ls-${randomBytes(8).toString("hex")}`,
    secretKey: `sk-ls-${randomBytes(32).toString("base64url")}`,
  };
}

/** What a request presented: one token (Bearer, x-api-key) or a Basic public:secret pair. */
export type Presented = { kind: "token"; token: string } | { kind: "pair"; publicKey: string; secret: string };

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const BASIC = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i;

/**
 * The credentials of a request's headers: `Authorization: Bearer <key>`,
 * `Authorization: Basic base64(public:secret)` (as Langfuse exporters send) or
 * `x-api-key: <key>`. Null when none is present; "malformed" when one is there but unreadable.
 */
export function readPresented(headers: Headers): Presented | null | "malformed" {
  const apiKey = headers.get("x-api-key")?.trim();
  if (apiKey) return { kind: "token", token: apiKey };
  const authorization = headers.get("authorization");
  if (!authorization) return null;
  const bearer = authorization.match(BEARER)?.[1];
  if (bearer) return { kind: "token", token: bearer };
  const basic = authorization.match(BASIC)?.[1];
  if (!basic) return "malformed";
  const decoded = Buffer.from(basic, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return "malformed";
  return { kind: "pair", publicKey: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}
