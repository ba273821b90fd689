// docs/dashboard.md#database-unavailable — the pages' gate (proxy.ts) in
// process: while the database cannot be reached (nothing listens on its
// port, or opening it fails) a page is the 503 "database unavailable,
// retrying" page with Retry-After, never a 500; once the database answers,
// the very next request renders the page. The e2e test
// database-unavailable.test.ts checks the same against the built server.
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { proxy } from "@/proxy";
import type { Db, DbHandle } from "@/db/client";
import * as schema from "@/db/schema";
import { targets } from "./support/databases";
import { useDatabase } from "./support/route";

const CLOSED_PORT_URL = "postgres://postgres@127.0.0.1:1/nowhere";
const dbSlot = globalThis as unknown as { loopscopeDb?: Promise<DbHandle> };

describe("pages while the database is down", () => {
  let live: DbHandle;
  const dead = postgres(CLOSED_PORT_URL, { max: 1, connect_timeout: 2, onnotice: () => {} });
  beforeAll(async () => {
    live = await targets[0]!.open();
  });
  afterAll(async () => {
    await dead.end({ timeout: 1 });
    await live.close();
  });

  async function expectUnavailablePage() {
    const res = await proxy(new Request("http://test.local/runs"));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain("<h1>Database unavailable, retrying</h1>");
    expect(html).toContain('http-equiv="refresh"');
  }

  test("a database whose port refuses connections gives the 503 page", async () => {
    useDatabase({ db: drizzle(dead, { schema }) as unknown as Db, kind: "postgres", close: async () => {} });
    await expectUnavailablePage();
  });

  test("a database that fails to open gives the 503 page, and the next request tries again", async () => {
    dbSlot.loopscopeDb = undefined;
    const before = process.env.DATABASE_URL;
    process.env.DATABASE_URL = CLOSED_PORT_URL;
    try {
      await expectUnavailablePage();
      expect(dbSlot.loopscopeDb).toBeUndefined(); // the failed open is not kept
    } finally {
      if (before === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = before;
    }
  });

  test("once the database answers, the page renders (the gate lets it through)", async () => {
    useDatabase(live);
    const res = await proxy(new Request("http://test.local/runs"));
    expect(res.status).toBe(200);
    expect(res.headers.get("x-middleware-next")).toBe("1");
  });
});
