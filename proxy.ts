// Runs before every page request, and before the requests Next would otherwise answer with a 500:
// - a page gets its Content-Security-Policy with a nonce made for this request
//   (lib/http/csp.ts, docs/decisions.md#security), on the request too, where Next
//   reads it to put the nonce on its scripts;
// - a path with a malformed percent-encoding (`/runs/%E0%A4%A`, `/api/v1/runs/%ZZ`)
//   is a 400 before any route decodes its parameters (docs/api.md#errors);
// - the dashboard's pages that read the database (docs/dashboard.md#database-unavailable):
//   when the database does not answer within PROBE_TIMEOUT_MS, the page is a 503
//   "database unavailable, retrying" that reloads itself, never a 500 from the
//   page's first query. API routes answer their own 503 db_unavailable (app/_server/respond.ts).
import { NextResponse } from "next/server";
import { isApiPath, malformedPathResponse } from "@/app/_server/malformed-path";
import { databaseUnavailableResponse } from "@/app/_server/unavailable-page";
import { probeDatabase } from "@/db/probe";
import { newNonce, pagePolicy } from "@/lib/http/csp";
import { hasMalformedPercentEncoding } from "@/lib/http/percent-encoding";

/** How long a page waits for the database before it says it is unavailable. */
export const PROBE_TIMEOUT_MS = 5000;

/** The pages that read the database first thing (the matcher below, without the `%` catch-all). */
const DATABASE_PAGES = [/^\/$/, /^\/runs(\/.*)?$/, /^\/compare$/, /^\/settings$/, /^\/admin(\/.*)?$/];

export async function proxy(req: Request): Promise<Response> {
  const { pathname } = new URL(req.url);
  if (hasMalformedPercentEncoding(pathname)) return malformedPathResponse(pathname);
  if (isApiPath(pathname)) return NextResponse.next(); // here only for its `%`
  if (DATABASE_PAGES.some((page) => page.test(pathname)) && !(await probeDatabase(PROBE_TIMEOUT_MS)))
    return databaseUnavailableResponse();
  return withNonce(req);
}

/** Render the page with a fresh nonce: its policy on the request (for Next) and on the answer (for the browser). */
function withNonce(req: Request): Response {
  const policy = pagePolicy(newNonce(), process.env.NODE_ENV === "development");
  const headers = new Headers(req.headers);
  headers.set("content-security-policy", policy);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("content-security-policy", policy);
  return res;
}

export const config = {
  // Every page: all but the API, the OTLP receiver and Next's static files. The last
  // entry: any path with a `%` (only those can be malformed), API routes included;
  // every other API request does not pass through here (its body is never buffered).
  matcher: ["/((?!api/|v1/|_next/static/|_next/image|favicon\\.ico|icon\\.svg).*)", "/(.*%.*)"],
};
