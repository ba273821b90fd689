// docs/accounts.md — the one seam where requests are authorised. Every route
// that reads or changes data calls requireAccess (or, for ingest,
// requireIngestAuth / authorizeIngest) with the one action it needs; this file
// alone knows where a principal comes from: an API key in the headers
// (Bearer, Basic public:secret, x-api-key), LOOPSCOPE_API_KEY, or the session
// cookie of a signed-in browser. No credentials → 401; credentials that may
// not do the action → 403. With LOOPSCOPE_AUTH=off every request acts as the
// open principal, as before accounts existed. Secrets are never logged.
import { getDb } from "@/db/client";
import { findActiveKeyBySecretHash } from "@/db/api-keys";
import { findSessionUser } from "@/db/sessions";
import { describePrincipal, principalMay, type Action, type Principal } from "@/lib/auth/roles";
import { hashSecret, readPresented, secretsEqual, sessionIdleMs, type Presented } from "@/lib/auth/tokens";
import { readEnv } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import { readSessionToken } from "./session";

export function authIsOn(): boolean {
  return readEnv().LOOPSCOPE_AUTH === "on";
}

type Resolved = { principal: Principal } | { principal: null; reason: string };

const NO_CREDENTIALS = "sign in, or send an API key (Authorization: Bearer, Basic or x-api-key)";

/** Who the request acts as: an API key in its headers first, else its session cookie. */
export async function resolvePrincipal(req: Request): Promise<Resolved> {
  if (!authIsOn()) return { principal: { kind: "open" } };
  const presented = readPresented(req.headers);
  if (presented === "malformed") return { principal: null, reason: "the Authorization header is not Bearer or Basic" };
  if (presented) return resolveKey(presented);
  const token = readSessionToken(req.headers.get("cookie"));
  if (token === null) return { principal: null, reason: NO_CREDENTIALS };
  const { db } = await getDb();
  const user = await findSessionUser(db, hashSecret(token), sessionIdleMs(readEnv().LOOPSCOPE_SESSION_IDLE_DAYS));
  if (!user) return { principal: null, reason: "the session has expired or was signed out: sign in again" };
  return { principal: { kind: "user", ...user } };
}

async function resolveKey(presented: Presented): Promise<Resolved> {
  const secret = presented.kind === "token" ? presented.token : presented.secret;
  const envKey = readEnv().LOOPSCOPE_API_KEY;
  if (envKey !== undefined && secretsEqual(secret, envKey)) return { principal: { kind: "env-key" } };
  const { db } = await getDb();
  const publicKey = presented.kind === "pair" ? presented.publicKey : undefined;
  const key = await findActiveKeyBySecretHash(db, hashSecret(secret), publicKey);
  if (!key) return { principal: null, reason: "the API key is unknown or revoked" };
  return { principal: { kind: "key", keyId: key.key_id, name: key.name, scopes: key.scopes } };
}

export type IngestAuthorization = { ok: true; principal: string } | { ok: false; status: 401 | 403; reason: string };

/** Whether a request may perform `action`, as a value (the OTLP receiver answers in its own format). */
export async function authorize(req: Request, action: Action): Promise<IngestAuthorization & { who?: Principal }> {
  const resolved = await resolvePrincipal(req);
  if (resolved.principal === null) return { ok: false, status: 401, reason: resolved.reason };
  if (!principalMay(resolved.principal, action))
    return { ok: false, status: 403, reason: `${describePrincipal(resolved.principal)} may not ${action}` };
  return { ok: true, principal: describePrincipal(resolved.principal), who: resolved.principal };
}

/** For the JSON API: the principal, or the thrown 401 unauthorized / 403 forbidden. */
export async function requireAccess(req: Request, action: Action): Promise<Principal> {
  const auth = await authorize(req, action);
  if (!auth.ok) throw new ApiError(auth.status === 401 ? "unauthorized" : "forbidden", auth.reason);
  return auth.who!;
}

/** Decide whether a request may ingest (the OTLP receiver). */
export function authorizeIngest(req: Request): Promise<IngestAuthorization> {
  return authorize(req, "ingest");
}

/** For the JSON API: throw the 401/403 when the request may not ingest; the principal's name. */
export async function requireIngestAuth(req: Request): Promise<string> {
  return describePrincipal(await requireAccess(req, "ingest"));
}

/**
 * For the upload routes: throw the 401/403 when the request may not ingest;
 * whether it may also edit the runs it writes to. An ingest key may not
 * (docs/accounts.md#api-keys): its run records name a new run, never rename one.
 */
export async function requireIngestAccess(req: Request): Promise<{ mayEditRuns: boolean }> {
  return { mayEditRuns: principalMay(await requireAccess(req, "ingest"), "edit") };
}
