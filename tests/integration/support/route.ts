// Call a real Next route handler in-process against a test database: the
// handler's getDb() is pointed at the test handle, nothing is mocked.
import type { Db, DbHandle } from "@/db/client";
import { openForSuite, type DbTarget } from "./databases";

export function useDatabase(handle: DbHandle) {
  (globalThis as unknown as { loopscopeDb?: Promise<DbHandle> }).loopscopeDb = Promise.resolve(handle);
}

/**
 * The suite's database: `target` opened before its tests, the route handlers
 * pointed at it, `seed` run on it, closed after. `db` exists once beforeAll ran.
 */
export function serveDatabase(target: DbTarget, seed?: (db: Db) => Promise<unknown>): { readonly db: Db } {
  return openForSuite(target, async (h) => {
    useDatabase(h);
    await seed?.(h.db);
  });
}

type Handler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

export async function call<P>(handler: Handler<P>, url: string, params: P, init?: RequestInit) {
  const res = await handler(new Request(new URL(url, "http://test.local"), init), { params: Promise.resolve(params) });
  return { status: res.status, headers: res.headers, body: await res.json() };
}
