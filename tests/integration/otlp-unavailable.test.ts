// tests/integration/otlp-unavailable.test.ts — when
// the database cannot be reached the receiver answers 503 with Retry-After
// (the one answer an OTLP exporter retries), and the retried batch, once the
// database is back, is stored exactly once. Three ways to lose the database:
// a postgres.js client pointed at a closed port, getDb() failing to open, and
// (on the real server) a database that stops accepting connections mid-life.
import { drizzle } from "drizzle-orm/postgres-js";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { GET as listRunsRoute } from "@/app/api/v1/runs/route";
import { rowsOf, type Db, type DbHandle } from "@/db/client";
import * as schema from "@/db/schema";
import { targets } from "./support/databases";
import { readRun } from "./support/otlp-db";
import { postOtlp } from "./support/otlp-http";
import { gzip, jsonBytes, protobufTraces, tracesForRun } from "./support/otlp-payloads";
import { call, useDatabase } from "./support/route";

const CLOSED_PORT_URL = "postgres://postgres@127.0.0.1:1/nowhere";
const JSON_TYPE = { "content-type": "application/json" };
const dbSlot = globalThis as unknown as { loopscopeDb?: Promise<DbHandle> };

/** A handle whose every query fails to connect (nothing listens on port 1). */
function deadHandle(): DbHandle {
  const client = postgres(CLOSED_PORT_URL, { max: 1, connect_timeout: 2, onnotice: () => {} });
  return {
    db: drizzle(client, { schema }) as unknown as Db,
    kind: "postgres",
    close: () => client.end({ timeout: 1 }),
  };
}

describe("503 + Retry-After while the database is down, then the retry stored once", () => {
  let live: DbHandle;
  const dead = deadHandle();
  beforeAll(async () => {
    live = await targets[0]!.open();
  });
  afterEach(() => {
    delete process.env.DATABASE_URL;
  });
  afterAll(async () => {
    await dead.close();
    await live?.close();
  });

  test("a client on a closed port: 503 with Retry-After in the request's encoding", async () => {
    useDatabase(dead);
    const json = await postOtlp("traces", jsonBytes(tracesForRun("r-retry")), JSON_TYPE);
    expect(json).toMatchObject({ status: 503, contentType: "application/json", body: { code: 14 } });
    expect(json.headers.get("retry-after")).toBe("5");
    const proto = await postOtlp("traces", protobufTraces(tracesForRun("r-retry")), {
      "content-type": "application/x-protobuf",
    });
    expect(proto).toMatchObject({ status: 503, contentType: "application/x-protobuf", body: { code: 14 } });
  });

  test("the JSON API classifies a refused connection as 503 db_unavailable too", async () => {
    useDatabase(dead);
    const res = await call(listRunsRoute, "/api/v1/runs", {});
    expect(res).toMatchObject({ status: 503, body: { error: { code: "db_unavailable" } } });
    expect(res.headers.get("retry-after")).toBe("5");
  });

  test("getDb() failing to open the database: 503", async () => {
    dbSlot.loopscopeDb = undefined;
    process.env.DATABASE_URL = CLOSED_PORT_URL;
    const reply = await postOtlp(
      "logs",
      jsonBytes({
        resourceLogs: [
          {
            scopeLogs: [
              { logRecords: [{ timeUnixNano: "1767225600000000000", body: { stringValue: "claude_code.x" } }] },
            ],
          },
        ],
      }),
      JSON_TYPE,
    );
    expect(reply).toMatchObject({ status: 503, body: { code: 14 } });
    expect(reply.headers.get("retry-after")).toBe("5");
  });

  test("the database back: the retried batch is stored, and a second retry adds nothing", async () => {
    useDatabase(live);
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(await postOtlp("traces", jsonBytes(tracesForRun("r-retry")), JSON_TYPE)).toMatchObject({
        status: 200,
        body: {},
      });
    }
    const { run, spans } = await readRun(live.db, "r-retry");
    expect(spans).toHaveLength(3);
    expect(run?.counts).toMatchObject({ spans: 3, failures: 1 });
  });
});

const postgresTarget = targets.find((t) => t.name === "postgres");

describe.skipIf(!postgresTarget)("a real Postgres database that stops accepting connections", () => {
  let h: DbHandle;
  let admin: ReturnType<typeof postgres>;
  let dbName: string;
  beforeAll(async () => {
    h = await postgresTarget!.open();
    dbName = rowsOf<{ name: string }>(await h.db.execute(sql`SELECT current_database() AS name`))[0]!.name;
    admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    useDatabase(h);
  });
  afterAll(async () => {
    await admin?.unsafe(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
    await admin?.end();
    await h?.close();
  });

  test("its sessions killed and new ones refused: 503; allowed again: the retry is stored once", async () => {
    const body = protobufTraces(tracesForRun("r-pg-down"));
    const headers = { "content-type": "application/x-protobuf", "content-encoding": "gzip" };
    const zipped = gzip(body);
    await admin.unsafe(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
    await admin.unsafe(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${dbName}'`);
    const down = await postOtlp("traces", zipped, headers);
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("5");
    await admin.unsafe(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
    for (let attempt = 0; attempt < 2; attempt++) expect((await postOtlp("traces", zipped, headers)).status).toBe(200);
    expect((await readRun(h.db, "r-pg-down")).spans).toHaveLength(3);
  });
});
