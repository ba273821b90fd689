// docs/otlp.md — the one seam where ingest is authorised. Every ingest
// transport (POST /v1/traces, /v1/logs, /v1/metrics and POST /api/v1/ingest)
// passes its raw `Authorization` header here and nowhere else, so API keys
// can later be added in this file alone (look the bearer token up, return the
// key's owner as the principal, or a reason that becomes a 401).
// Today every request is accepted: Loopscope is self-hosted behind the
// operator's own network controls. A bearer token, when sent, is only used to
// name the principal (never logged whole).

import { ApiError } from "@/lib/errors";

export type IngestAuthorization = { ok: true; principal: string } | { ok: false; reason: string };

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Decide whether a request with this `Authorization` header may ingest. */
export function authorizeIngest(authorizationHeader: string | null): IngestAuthorization {
  const token = authorizationHeader?.match(BEARER)?.[1] ?? null;
  if (token === null) return { ok: true, principal: "anonymous" };
  return { ok: true, principal: `bearer:${token.slice(0, 4)}…` };
}

/** For the JSON API: throw the 401 when the request may not ingest. */
export function requireIngestAuth(req: Request): string {
  const auth = authorizeIngest(req.headers.get("authorization"));
  if (!auth.ok) throw new ApiError("unauthorized", auth.reason);
  return auth.principal;
}
