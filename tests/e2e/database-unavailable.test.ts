// docs/dashboard.md#database-unavailable on the built server: started with
// DATABASE_URL pointing at a port nothing listens on, the runs list and a
// run page answer 503 "database unavailable, retrying" (Retry-After, a page
// that reloads itself), never a 500; the API answers its JSON 503. The same
// build on PGlite renders those pages as usual: the gate lets them through.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ingestExample, startServer, type AppServer } from "./support/server";

const CLOSED_PORT_URL = "postgres://loopscope@127.0.0.1:1/loopscope";

describe("pages while the database is unreachable", () => {
  let server: AppServer;
  beforeAll(async () => {
    server = await startServer({ env: { DATABASE_URL: CLOSED_PORT_URL }, readyPath: "/api/health" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test.each(["/runs", "/runs/r-stuck-loop", "/"])(
    "%s is the 503 'database unavailable, retrying' page",
    async (path) => {
      const res = await fetch(`${server.baseUrl}${path}`);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      const html = await res.text();
      expect(html).toContain('data-testid="db-unavailable"');
      expect(html).toContain("<h1>Database unavailable, retrying</h1>");
    },
  );

  test("the API says db_unavailable as JSON", async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/runs`);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("db_unavailable");
  });
});

describe("pages while the database answers (PGlite)", () => {
  let server: AppServer;
  beforeAll(async () => {
    server = await startServer();
    await ingestExample(server, "stuck-loop.jsonl");
  });
  afterAll(async () => {
    await server?.stop();
  });

  test.each(["/runs", "/runs/r-stuck-loop"])("%s renders with status 200", async (path) => {
    const res = await fetch(`${server.baseUrl}${path}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("r-stuck-loop");
  });
});
