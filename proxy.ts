// Runs before the dashboard's pages that read the database (docs/dashboard.md#database-unavailable):
// when the database does not answer within PROBE_TIMEOUT_MS, the page is a 503
// "database unavailable, retrying" that reloads itself, never a 500 from the
// page's first query. API routes answer their own 503 db_unavailable (app/_server/respond.ts).
import { NextResponse } from "next/server";
import { databaseUnavailableResponse } from "@/app/_server/unavailable-page";
import { probeDatabase } from "@/db/probe";

/** How long a page waits for the database before it says it is unavailable. */
export const PROBE_TIMEOUT_MS = 5000;

export async function proxy(): Promise<Response> {
  if (await probeDatabase(PROBE_TIMEOUT_MS)) return NextResponse.next();
  return databaseUnavailableResponse();
}

export const config = {
  matcher: ["/", "/runs", "/runs/:path*", "/compare", "/settings", "/admin", "/admin/:path*"],
};
