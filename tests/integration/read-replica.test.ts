// Read-your-writes over a streaming replica (docs/scaling.md#read-replica), on
// a real primary + replica started for this file (tests/support/pg-cluster.ts).
// Replay is paused on the replica, so it provably lacks a fresh upload: the
// upload's LSN must route the uploader's reads to the primary, a read without
// it must come from the replica (and not see the run), and once replay resumes
// the replica serves the uploader too.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type DbHandle } from "@/db/client";
import { closeReadDb, REPLAY_CACHE_MS } from "@/db/read-db";
import { POST as ingest } from "@/app/api/v1/ingest/route";
import { GET as listRuns } from "@/app/api/v1/runs/route";
import { GET as listSpans } from "@/app/api/v1/runs/[runId]/spans/route";
import { GET as timeline } from "@/app/api/v1/runs/[runId]/timeline/route";
import { getReadDb, LSN_COOKIE, LSN_HEADER } from "@/app/_server/read-db";
import { clusterUnavailableReason, startPrimaryWithReplica, type PgCluster } from "../support/pg-cluster";
import { cookieOf } from "./support/auth";
import { call, useDatabase } from "./support/route";

const skipReason = process.env.TEST_DATABASE_URL ? clusterUnavailableReason() : "TEST_DATABASE_URL is not set";
if (skipReason)
  console.warn(`\n*** read-replica tests SKIPPED: ${skipReason}; no primary + replica cluster was started. ***\n`);

const SPANS = ['{"name":"read","t0":1,"t1":2,"ok":true}', '{"name":"edit","t0":2,"t1":4,"ok":false}'].join("\n");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** SPANS uploaded through the real ingest route into run `runId`. */
const uploadSpans = (runId: string, headers: Record<string, string> = {}) =>
  call(
    ingest,
    `/api/v1/ingest?run_id=${runId}`,
    {},
    { method: "POST", headers: { "content-type": "application/x-ndjson", ...headers }, body: SPANS },
  );

(skipReason ? describe.skip : describe)("reads from a streaming replica", () => {
  let cluster: PgCluster;
  let primary: DbHandle;
  let replicaAdmin: postgres.Sql;
  const before = process.env.DATABASE_READ_URL;

  async function replicaReplayed(lsn: string): Promise<boolean> {
    const [row] = await replicaAdmin`SELECT pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn AS ok`;
    return row?.ok === true;
  }

  beforeAll(async () => {
    const t0 = Date.now();
    cluster = await startPrimaryWithReplica();
    console.info(`read-replica: primary + streaming replica started in ${Date.now() - t0} ms`);
    primary = await openDatabase({ url: cluster.primaryUrl });
    useDatabase(primary);
    process.env.DATABASE_READ_URL = cluster.replicaUrl;
    replicaAdmin = postgres(cluster.replicaUrl, { max: 1, onnotice: () => {} });
    // The replica has the migrated schema before any test reads from it.
    const primaryAdmin = postgres(cluster.primaryUrl, { max: 1, onnotice: () => {} });
    const [row] = await primaryAdmin`SELECT pg_current_wal_lsn()::text AS lsn`;
    await primaryAdmin.end({ timeout: 1 });
    const lsn = String(row?.lsn);
    while (!(await replicaReplayed(lsn))) await sleep(20);
  });

  afterAll(async () => {
    if (before === undefined) delete process.env.DATABASE_READ_URL;
    else process.env.DATABASE_READ_URL = before;
    await closeReadDb();
    await replicaAdmin?.end({ timeout: 1 });
    await primary?.close();
    await cluster?.stop();
  });

  test("the uploader reads its run from the primary while the replica lags; others read the replica", async () => {
    await replicaAdmin`SELECT pg_wal_replay_pause()`;
    for (;;) {
      const [row] = await replicaAdmin`SELECT pg_get_wal_replay_pause_state() AS state`;
      if (row?.state === "paused") break;
      await sleep(10);
    }

    const up = await uploadSpans("rw-1");
    expect(up.status).toBe(200);
    const lsn = up.headers.get(LSN_HEADER);
    expect(lsn).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    const cookie = cookieOf(up.headers);
    expect(cookie).toBe(`${LSN_COOKIE}=${lsn}`);
    expect(up.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Lax$/);
    // Behind a TLS proxy, the cookie is sent back over https only, like the session's.
    const overTls = await uploadSpans("rw-tls", { "x-forwarded-proto": "https" });
    expect(overTls.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Lax; Secure$/);
    expect(await replicaReplayed(lsn!)).toBe(false);

    const withCookie = { headers: { cookie } };
    const withHeader = { headers: { [LSN_HEADER]: lsn! } };
    const runsUrl = "/api/v1/runs";
    const req = (init: RequestInit) => new Request("http://test.local/api/v1/runs", init);
    expect((await getReadDb(req(withCookie))).served).toBe("primary");
    expect((await getReadDb(req({}))).served).toBe("replica");

    // The uploader (cookie or header) sees the run: served by the primary.
    const spans = await call(listSpans, "/api/v1/runs/rw-1/spans", { runId: "rw-1" }, withCookie);
    expect(spans.status).toBe(200);
    expect(spans.body.spans).toHaveLength(2);
    const tl = await call(timeline, "/api/v1/runs/rw-1/timeline", { runId: "rw-1" }, withHeader);
    expect(tl.status).toBe(200);
    const listed = await call(listRuns, runsUrl, {}, withHeader);
    expect(listed.body.runs.map((r: { run_id: string }) => r.run_id)).toContain("rw-1");

    // A client without the LSN is served by the paused replica, which has not got the run.
    expect((await call(listSpans, "/api/v1/runs/rw-1/spans", { runId: "rw-1" })).status).toBe(404);
    expect((await call(timeline, "/api/v1/runs/rw-1/timeline", { runId: "rw-1" })).status).toBe(404);
    expect((await call(listRuns, runsUrl, {})).body.runs).toEqual([]);

    // Replay resumes: once the replica has the write, it serves the uploader too.
    await replicaAdmin`SELECT pg_wal_replay_resume()`;
    while (!(await replicaReplayed(lsn!))) await sleep(20);
    await sleep(REPLAY_CACHE_MS + 20);
    expect((await getReadDb(req(withCookie))).served).toBe("replica");
    const fromReplica = await call(listSpans, "/api/v1/runs/rw-1/spans", { runId: "rw-1" }, withCookie);
    expect(fromReplica.body.spans).toHaveLength(2);
    expect((await call(listSpans, "/api/v1/runs/rw-1/spans", { runId: "rw-1" })).status).toBe(200);
  });

  test("an unreadable LSN cookie asks for nothing: the replica serves", async () => {
    const req = new Request("http://test.local/api/v1/runs", { headers: { cookie: `${LSN_COOKIE}=nonsense` } });
    expect((await getReadDb(req)).served).toBe("replica");
  });

  test("without DATABASE_READ_URL every read is the primary's and writes carry no LSN", async () => {
    delete process.env.DATABASE_READ_URL;
    try {
      const req = new Request("http://test.local/api/v1/runs", { headers: { [LSN_HEADER]: "0/1" } });
      expect((await getReadDb(req)).served).toBe("primary");
      const up = await uploadSpans("rw-2");
      expect(up.status).toBe(200);
      expect(up.headers.get(LSN_HEADER)).toBeNull();
      expect(up.headers.get("set-cookie")).toBeNull();
    } finally {
      process.env.DATABASE_READ_URL = cluster.replicaUrl;
    }
  });
});
