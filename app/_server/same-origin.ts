// The one cross-origin check of every route that changes data (docs/decisions.md#security):
// each POST, PUT, PATCH and DELETE handler calls it first, before reading its body.
// The rule is lib/http/same-origin.ts; this turns a refusal into the 403 cross_origin.
import { ApiError } from "@/lib/errors";
import { readEnv } from "@/lib/env";
import { checkSameOrigin } from "@/lib/http/same-origin";

/** Throw the 403 `cross_origin` when a browser page of another origin sent this request. */
export function requireSameOriginForBrowser(req: Request): void {
  const env = readEnv();
  const verdict = checkSameOrigin(req.method, req.headers, req.url, {
    publicUrl: env.LOOPSCOPE_PUBLIC_URL,
    trustProxies: env.LOOPSCOPE_TRUSTED_PROXIES !== undefined,
  });
  if (!verdict.ok) throw new ApiError("cross_origin", verdict.reason);
}
