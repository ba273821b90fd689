// GET /api/ready — readiness (docs/api.md#health-and-readiness): 200 when the
// database answers within READY_TIMEOUT_MS and holds every migration, else 503
// not_ready with Retry-After. The cause is logged, never sent (it may name the
// server); a failed open is retried by the next call (db/client.ts getDb).
import { getDb } from "@/db/client";
import { checkReadiness } from "@/db/readiness";
import { describeFailure } from "@/db/wait-for-database";
import type { ErrorBody } from "@/lib/errors";
import type { ReadyResponse } from "@/lib/schemas/health-api";
import { json, RETRY_AFTER_S } from "@/app/_server/respond";

export const dynamic = "force-dynamic";

const READY_TIMEOUT_MS = 5000;

export const GET = async (): Promise<Response> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
  });
  try {
    const check = (async () => {
      const { db, kind } = await getDb();
      return { kind, readiness: await checkReadiness(db) };
    })();
    check.catch(() => {}); // a late failure after the timeout is not an unhandled rejection
    const { kind, readiness } = await Promise.race([check, timeout]);
    if (readiness.ready)
      return json({ status: "ready", database: kind, migrations: readiness.migrations } satisfies ReadyResponse);
    return notReady(`the database is not ready: ${readiness.reason}`);
  } catch (err) {
    console.warn(`loopscope: /api/ready: the database does not answer (${describeFailure(err)})`);
    return notReady("the database does not answer");
  } finally {
    clearTimeout(timer);
  }
};

function notReady(message: string): Response {
  const body: ErrorBody = { error: { code: "not_ready", message } };
  return json(body, 503, { "Retry-After": String(RETRY_AFTER_S) });
}
