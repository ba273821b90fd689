// Read-your-writes across stateless app processes (docs/scaling.md#read-replica).
// A successful write request (POST, PUT, PATCH, DELETE) answers with the
// primary's WAL position after it: the `loopscope_lsn` cookie for browsers and
// the `Loopscope-Lsn` header for scripts. A heavy read passes the position the
// client sends back (that header, else the cookie) to db/read-db.ts, which
// serves it from the replica once the replica has replayed that far, and from
// the primary until then. The state travels with the client, so any process
// may serve any request. Without DATABASE_READ_URL nothing changes.
import { cookies } from "next/headers";
import { getDb } from "@/db/client";
import { chooseReadDb, currentWriteLsn, readReplicaConfigured, type ReadChoice } from "@/db/read-db";
import { readEnv } from "@/lib/env";
import { readCookie } from "@/lib/http/cookies";
import { parseLsn } from "@/lib/lsn";
import { isHttps } from "./session";

export const LSN_COOKIE = "loopscope_lsn";
export const LSN_HEADER = "loopscope-lsn";
/** Long past any healthy replica's lag; a replica further behind is an incident, not a read path. */
export const LSN_COOKIE_MAX_AGE_S = 300;

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The LSN a request asks its reads to see: the header, else the cookie. */
export function requiredLsnOf(req: Request): string | null {
  const header = req.headers.get(LSN_HEADER);
  if (parseLsn(header) !== null) return header;
  const cookie = readCookie(req.headers.get("cookie"), LSN_COOKIE);
  return parseLsn(cookie) === null ? null : cookie;
}

/**
 * The database for a heavy read: a route handler passes its request; a server
 * page passes nothing and the LSN comes from its cookies.
 */
export async function getReadDb(req?: Request): Promise<ReadChoice> {
  const primary = await getDb();
  if (!readReplicaConfigured(primary)) return { db: primary.db, served: "primary" };
  const required = req ? requiredLsnOf(req) : await cookieLsn();
  return chooseReadDb(primary, parseLsn(required) === null ? null : required);
}

/** A server page's LSN cookie; none outside a request (a page rendered by a test or a script). */
async function cookieLsn(): Promise<string | null> {
  try {
    return (await cookies()).get(LSN_COOKIE)?.value ?? null;
  } catch {
    return null;
  }
}

/** Hand a successful write's LSN back to the client (see the header); other responses pass unchanged. */
export async function rememberWrite(req: unknown, res: Response): Promise<Response> {
  if (!(req instanceof Request) || !WRITE_METHODS.has(req.method) || !res.ok) return res;
  if (!readEnv().DATABASE_READ_URL) return res;
  try {
    const primary = await getDb();
    if (!readReplicaConfigured(primary)) return res;
    const lsn = await currentWriteLsn(primary.db);
    if (!lsn) return res;
    res.headers.set(LSN_HEADER, lsn);
    res.headers.append(
      "set-cookie",
      `${LSN_COOKIE}=${lsn}; Path=/; Max-Age=${LSN_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${isHttps(req) ? "; Secure" : ""}`,
    );
  } catch {
    // The write stands either way: without an LSN (a lost primary, a redirect's immutable
    // headers) the client's next reads may go to the replica before it caught up.
  }
  return res;
}
