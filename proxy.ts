// Runs before the requests Next would otherwise answer with a 500:
// - a path with a malformed percent-encoding (`/runs/%E0%A4%A`, `/api/v1/runs/%ZZ`)
//   is a 400 before any route decodes its parameters (docs/api.md#errors);
// - the dashboard's pages that read the database (docs/dashboard.md#database-unavailable):
//   when the database does not answer within PROBE_TIMEOUT_MS, the page is a 503
//   "database unavailable, retrying" that reloads itself, never a 500 from the
//   page's first query. API routes answer their own 503 db_unavailable (app/_server/respond.ts).
import { NextResponse } from "next/server";
import { malformedPathResponse } from "@/app/_server/malformed-path";
import { databaseUnavailableResponse } from "@/app/_server/unavailable-page";
import { probeDatabase } from "@/db/probe";
import { hasMalformedPercentEncoding } from "@/lib/http/percent-encoding";

/** How long a page waits for the database before it says it is unavailable. */
export const PROBE_TIMEOUT_MS = 5000;

/** The pages that read the database first thing (the matcher below, without the `%` catch-all). */
const DATABASE_PAGES = [/^\/$/, /^\/runs(\/.*)?$/, /^\/compare$/, /^\/settings$/, /^\/admin(\/.*)?$/];

export async function proxy(req: Request): Promise<Response> {
  const { pathname } = new URL(req.url);
  if (hasMalformedPercentEncoding(pathname)) return malformedPathResponse(pathname);
  if (!DATABASE_PAGES.some((page) => page.test(pathname))) return NextResponse.next();
  if (await probeDatabase(PROBE_TIMEOUT_MS)) return NextResponse.next();
  return databaseUnavailableResponse();
}

export const config = {
  // The last entry: any path with a `%` (only those can be malformed), API routes
  // included; every other API request does not pass through here.
  matcher: ["/", "/runs", "/runs/:path*", "/compare", "/settings", "/admin", "/admin/:path*", "/(.*%.*)"],
};
