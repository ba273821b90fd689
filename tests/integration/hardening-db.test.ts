// docs/api.md#health-and-readiness on PGlite and Postgres: /api/health is 200
// whatever the database does; /api/ready is 200 when the database answers and
// holds every migration, 503 not_ready otherwise — and a failed open is not
// kept, so the next call opens the database again. On Postgres a statement
// past LOOPSCOPE_DB_STATEMENT_TIMEOUT_S is cancelled, a 503 like a lost server.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import { GET as getHealth } from "@/app/api/health/route";
import { GET as getReady } from "@/app/api/ready/route";
import { isDbUnavailable } from "@/app/_server/respond";
import { getDb, rowsOf } from "@/db/client";
import { expectedMigrations } from "@/db/readiness";
import { openTempDatabase } from "@/db/temp-database";
import { targets } from "./support/databases";
import { serveDatabase } from "./support/route";

const TEST_URL = process.env.TEST_DATABASE_URL;
/** Nothing listens on port 1: a connection there is refused at once. */
const NO_SERVER_URL = "postgres://loopscope@127.0.0.1:1/none";
const cache = globalThis as unknown as { loopscopeDb?: unknown };

const read = async (res: Response) => ({ status: res.status, headers: res.headers, body: await res.json() });
const ENV_NAMES = ["DATABASE_URL", "LOOPSCOPE_DATA_DIR", "LOOPSCOPE_DB_STATEMENT_TIMEOUT_S"] as const;
const savedEnv = Object.fromEntries(ENV_NAMES.map((n) => [n, process.env[n]]));
afterEach(() => {
  for (const n of ENV_NAMES)
    if (savedEnv[n] === undefined) delete process.env[n];
    else process.env[n] = savedEnv[n];
});

describe.each(targets)("health and readiness on $name", (target) => {
  const suite = serveDatabase(target);

  test("/api/health is 200 ok without asking the database", async () => {
    expect(await read(await getHealth())).toMatchObject({ status: 200, body: { status: "ok" } });
  });

  test("/api/ready is 200 with the database kind and its migrations", async () => {
    expect(await read(await getReady())).toMatchObject({
      status: 200,
      body: { status: "ready", database: target.name, migrations: expectedMigrations() },
    });
  });

  test("a database missing a migration is not ready", async () => {
    const [last] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await suite.db.execute(
        sql`SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id DESC LIMIT 1`,
      ),
    );
    await suite.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${last!.id}`);
    try {
      const res = await read(await getReady());
      expect(res).toMatchObject({ status: 503, body: { error: { code: "not_ready" } } });
      expect(res.body.error.message).toContain(`${expectedMigrations() - 1} of ${expectedMigrations()} migrations`);
      expect(res.headers.get("retry-after")).toBe("5");
    } finally {
      await suite.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
  });

  test("an unreachable database is not ready, and the next call opens the database anew", async () => {
    const serving = cache.loopscopeDb;
    const dataDir = mkdtempSync(path.join(tmpdir(), "loopscope-ready-"));
    try {
      cache.loopscopeDb = undefined;
      process.env.DATABASE_URL = NO_SERVER_URL;
      const refused = await read(await getReady());
      expect(refused).toMatchObject({ status: 503, body: { error: { code: "not_ready" } } });
      expect(JSON.stringify(refused.body)).not.toContain("127.0.0.1"); // the cause is logged, not sent

      const fresh = target.name === "postgres" ? await openTempDatabase(TEST_URL!, "ready") : null;
      if (fresh) process.env.DATABASE_URL = fresh.url;
      else delete process.env.DATABASE_URL;
      process.env.LOOPSCOPE_DATA_DIR = dataDir;
      // A new embedded database is made by a child process first (db/pglite-new-dir.ts), which
      // may take longer than readiness waits: not ready (503) until then, as a load balancer sees it.
      let ready = await read(await getReady());
      for (const deadline = Date.now() + 60_000; ready.status !== 200 && Date.now() < deadline;)
        ready = await read(await getReady());
      expect(ready).toMatchObject({ status: 200, body: { database: target.name } });
      await (await getDb()).close();
      cache.loopscopeDb = undefined;
      await fresh?.close();
    } finally {
      // A database still opening (the wait above ran out) is closed before its directory goes.
      await (cache.loopscopeDb as Promise<{ close: () => Promise<void> }> | undefined)
        ?.then((h) => h.close())
        .catch(() => {});
      cache.loopscopeDb = serving;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(TEST_URL)("the statement timeout on postgres", () => {
  test("every connection has it, and a statement past it is cancelled as a 503", async () => {
    process.env.LOOPSCOPE_DB_STATEMENT_TIMEOUT_S = "0.5";
    const h = await openTempDatabase(TEST_URL!, "timeout");
    try {
      const [shown] = rowsOf<{ statement_timeout: string }>(await h.db.execute(sql`SHOW statement_timeout`));
      expect(shown?.statement_timeout).toBe("500ms");
      const err = await h.db.execute(sql`SELECT pg_sleep(5)`).catch((e: unknown) => e);
      expect(err).toMatchObject({ cause: { code: "57014" } });
      expect(isDbUnavailable(err)).toBe(true);
    } finally {
      await h.close();
    }
  });
});
