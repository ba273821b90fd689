// Call a real Next route handler in-process against a test database: the
// handler's getDb() is pointed at the test handle, nothing is mocked.
import type { DbHandle } from "@/db/client";

export function useDatabase(handle: DbHandle) {
  (globalThis as unknown as { loopscopeDb?: Promise<DbHandle> }).loopscopeDb = Promise.resolve(handle);
}

type Handler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

export async function call<P>(handler: Handler<P>, url: string, params: P, init?: RequestInit) {
  const res = await handler(new Request(new URL(url, "http://test.local"), init), { params: Promise.resolve(params) });
  return { status: res.status, headers: res.headers, body: await res.json() };
}
