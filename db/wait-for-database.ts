// Start-up (instrumentation.ts): open the database, and while it does not
// answer — Postgres still starting, the network not up yet — try again with a
// growing pause (1 s, 2 s, 4 s … at most 30 s), one log line per failed
// attempt. The server answers meanwhile: /api/health says it lives,
// /api/ready says 503 until this succeeds, and a request that needs the
// database opens it itself (getDb keeps no failed open).
import { getDb, type DbHandle } from "./client";

export const FIRST_RETRY_MS = 1000;
export const MAX_RETRY_MS = 30_000;

export type WaitOptions = {
  /** The failure of an attempt already made (the start's own): logged as attempt 1, then the next waits. */
  failedFirst?: unknown;
  open?: () => Promise<DbHandle>;
  log?: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
};

/** Open the database, retrying until it answers; resolves with the handle. */
export async function waitForDatabase({
  failedFirst,
  open = getDb,
  log = (line) => console.warn(line),
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}: WaitOptions = {}): Promise<DbHandle> {
  let delayMs = FIRST_RETRY_MS;
  let failure: { err: unknown } | null = failedFirst === undefined ? null : { err: failedFirst };
  for (let attempt = 1; ; attempt++) {
    if (failure === null) {
      try {
        return await open();
      } catch (err) {
        failure = { err };
      }
    }
    log(
      `loopscope: the database is not ready (attempt ${attempt}: ${describeFailure(failure.err)}); retrying in ${delayMs / 1000} s`,
    );
    failure = null;
    await sleep(delayMs);
    delayMs = Math.min(delayMs * 2, MAX_RETRY_MS);
  }
}

/**
 * The root cause's code and message, without a stack: drizzle wraps a failed
 * migration query ("Failed query: CREATE SCHEMA …") around the socket error that
 * says why; a refused connection to several addresses has only a code.
 */
export function describeFailure(err: unknown): string {
  let root = err;
  for (let depth = 0; depth < 10 && root instanceof Error && root.cause instanceof Error; depth++) root = root.cause;
  if (!(root instanceof Error)) return String(root);
  const code = (root as { code?: unknown }).code;
  const text = root.message || (root instanceof AggregateError ? root.errors.map(String).join("; ") : "");
  return [typeof code === "string" ? code : null, text].filter(Boolean).join(" ") || root.name;
}
