// The JSON API's error body on PGlite and Postgres: {"error": {"code",
// "message", "details"?}}, one readable line per invalid input with
// details.issues listing {path, message}; and the routes added with the
// OpenAPI document: GET /api/v1/openapi.json and POST /api/v1/examples.
import { existsSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { EXAMPLES_DIR } from "@/app/_server/examples";
import { POST as postExamples } from "@/app/api/v1/examples/route";
import { POST as ingest } from "@/app/api/v1/ingest/route";
import { GET as openApi } from "@/app/api/v1/openapi.json/route";
import { POST as postComment } from "@/app/api/v1/runs/[runId]/comments/route";
import { GET as listSpans } from "@/app/api/v1/runs/[runId]/spans/route";
import { GET as listRuns } from "@/app/api/v1/runs/route";
import { targets } from "./support/databases";
import { ingestText } from "./support/ingest";
import { call, serveDatabase } from "./support/route";

const noParams = {} as Record<string, never>;

describe.each(targets)("API errors on $name", (target) => {
  serveDatabase(target, async (db) => {
    await ingestText(db, '{"run_id":"r-1","name":"a","t0":1,"t1":2}\n');
  });

  test("bad query parameters: one line each, all listed in details.issues", async () => {
    const res = await call(listRuns, "/api/v1/runs?limit=2.5&from=yesterday&order=up", noParams);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        code: "invalid_parameter",
        message: 'from must be an ISO-8601 time; order must be one of "asc", "desc"; limit must be an integer',
        details: {
          issues: [
            { path: "from", message: "from must be an ISO-8601 time" },
            { path: "order", message: 'order must be one of "asc", "desc"' },
            { path: "limit", message: "limit must be an integer" },
          ],
        },
      },
    });
  });

  test("a run-scoped list validates its query too", async () => {
    const res = await call(listSpans, "/api/v1/runs/r-1/spans?limit=0", { runId: "r-1" });
    expect(res).toMatchObject({ status: 400, body: { error: { message: "limit must be ≥ 1" } } });
  });

  test("an ingest's run_id over 512 characters is named, not echoed", async () => {
    const runId = "x".repeat(600);
    const res = await call(ingest, `/api/v1/ingest?run_id=${runId}`, noParams, {
      method: "POST",
      headers: { "content-type": "application/x-ndjson" },
      body: '{"name":"a","t0":1}\n',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues).toEqual([
      { path: "run_id", message: "run_id must be at most 512 characters long" },
    ]);
    expect(JSON.stringify(res.body)).not.toContain(runId);
  });

  test("a body that is not JSON is a bad_request", async () => {
    const res = await call(
      postComment,
      "/api/v1/runs/r-1/comments",
      { runId: "r-1" },
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{not json",
      },
    );
    expect(res).toMatchObject({ status: 400, body: { error: { code: "bad_request" } } });
  });

  test("GET /api/v1/openapi.json serves the OpenAPI 3.1 document", async () => {
    const res = await call(openApi, "/api/v1/openapi.json", noParams);
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(["/api/v1/examples", "/v1/traces"]));
  });

  test("POST /api/v1/examples loads the repository's examples, or is a 404 without them", async () => {
    const res = await call(postExamples, "/api/v1/examples", noParams, { method: "POST" });
    if (existsSync(EXAMPLES_DIR)) {
      expect(res.status).toBe(200);
      expect(res.body.runs.length).toBeGreaterThan(0);
    } else {
      expect(res).toMatchObject({ status: 404, body: { error: { code: "not_found" } } });
    }
  });
});
