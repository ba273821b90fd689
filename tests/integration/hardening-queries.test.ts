// Malformed query strings and ids on the routes under app/api and app/v1 (docs/api.md#errors),
// on PGlite and Postgres: each is a 4xx in the API's error shape, never a 500,
// and no error body carries SQL, parameters or a host. A table of routes ×
// inputs: NUL anywhere, cursors that are not this list's, limits out of range,
// times the database cannot read, ids no run can have.
import { describe, expect, test } from "vitest";
import { GET as getAnalysis } from "@/app/api/v1/runs/[runId]/analysis/route";
import { GET as listComments, POST as postComment } from "@/app/api/v1/runs/[runId]/comments/route";
import { GET as getReport } from "@/app/api/v1/runs/[runId]/report.md/route";
import { DELETE as deleteRun, GET as getRun } from "@/app/api/v1/runs/[runId]/route";
import { GET as listSpans } from "@/app/api/v1/runs/[runId]/spans/route";
import { GET as getTimeline } from "@/app/api/v1/runs/[runId]/timeline/route";
import { GET as getTimelineSpan } from "@/app/api/v1/runs/[runId]/timeline/spans/[spanId]/route";
import { GET as listRuns } from "@/app/api/v1/runs/route";
import { PUT as putSettings } from "@/app/api/v1/settings/route";
import { POST as ingest } from "@/app/api/v1/ingest/route";
import { POST as agentsIngest } from "@/app/v1/traces/ingest/route";
import { errorResponse } from "@/app/_server/respond";
import { ErrorBody } from "@/lib/schemas/errors";
import { encodeCursor } from "@/lib/schemas/api";
import { targets } from "./support/databases";
import { ingestText } from "./support/ingest";
import { call, serveDatabase } from "./support/route";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const h = (f: unknown) => f as Handler;

const RUN = "r-q";
const cursor = (key: unknown[]) => encodeURIComponent(encodeCursor(key));
const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

const NDJSON: RequestInit = { method: "POST", headers: { "content-type": "application/x-ndjson" }, body: "{}" };

/** [what, handler, url, params, init?, status] */
const CASES: [string, Handler, string, Record<string, string>, RequestInit | undefined, number][] = [
  ["runs: q with a NUL", h(listRuns), "/api/v1/runs?q=%00", {}, undefined, 400],
  ["runs: agent with a NUL", h(listRuns), "/api/v1/runs?agent=a%00", {}, undefined, 400],
  ["runs: label with a NUL", h(listRuns), "/api/v1/runs?label=team:%00", {}, undefined, 400],
  ["runs: from in year 0", h(listRuns), "/api/v1/runs?from=0000-01-01T00:00:00Z", {}, undefined, 400],
  ["runs: to past 2199", h(listRuns), "/api/v1/runs?to=9999-12-31T23:59:59Z", {}, undefined, 400],
  ["runs: a cursor that is not base64 JSON", h(listRuns), "/api/v1/runs?cursor=%%%", {}, undefined, 400],
  [
    "runs: a text cursor for a numeric sort",
    h(listRuns),
    `/api/v1/runs?cursor=${cursor(["x", "r"])}`,
    {},
    undefined,
    400,
  ],
  [
    "runs: a number cursor for sort=name",
    h(listRuns),
    `/api/v1/runs?sort=name&cursor=${cursor([1, "r"])}`,
    {},
    undefined,
    400,
  ],
  ["runs: a cursor with a NUL", h(listRuns), `/api/v1/runs?cursor=${cursor([1, "r\u0000"])}`, {}, undefined, 400],
  ["runs: a cursor of objects", h(listRuns), `/api/v1/runs?cursor=${cursor([{}, []])}`, {}, undefined, 400],
  ["runs: a huge limit", h(listRuns), "/api/v1/runs?limit=1e308", {}, undefined, 400],
  ["runs: a negative limit", h(listRuns), "/api/v1/runs?limit=-5", {}, undefined, 400],
  ["runs: limit NUL", h(listRuns), "/api/v1/runs?limit=%00", {}, undefined, 400],
  ["run: a NUL in the id", h(getRun), "/api/v1/runs/a%00b", { runId: "a\u0000b" }, undefined, 404],
  ["run: a broken escape as the id", h(getRun), "/api/v1/runs/%ZZ", { runId: "%ZZ" }, undefined, 404],
  ["run: a 100 000-character id", h(getRun), "/api/v1/runs/x", { runId: "x".repeat(100_000) }, undefined, 404],
  ["run: a lone surrogate id", h(getRun), "/api/v1/runs/x", { runId: "\ud800" }, undefined, 404],
  ["delete: a NUL in the id", h(deleteRun), "/api/v1/runs/a", { runId: "a\u0000" }, { method: "DELETE" }, 404],
  ["spans: a NUL in the run id", h(listSpans), "/api/v1/runs/a/spans", { runId: "\u0000" }, undefined, 404],
  [
    "spans: a cursor out of time",
    h(listSpans),
    `/api/v1/runs/${RUN}/spans?cursor=${cursor([1e300, "s"])}`,
    { runId: RUN },
    undefined,
    400,
  ],
  [
    "spans: a text cursor",
    h(listSpans),
    `/api/v1/runs/${RUN}/spans?cursor=${cursor(["a", "s"])}`,
    { runId: RUN },
    undefined,
    400,
  ],
  ["spans: limit 10^9", h(listSpans), `/api/v1/runs/${RUN}/spans?limit=1000000000`, { runId: RUN }, undefined, 400],
  ["timeline: a bad cursor", h(getTimeline), `/api/v1/runs/${RUN}/timeline?cursor=abc`, { runId: RUN }, undefined, 400],
  [
    "timeline: a NaN cursor",
    h(getTimeline),
    `/api/v1/runs/${RUN}/timeline?cursor=${cursor([null, "s"])}`,
    { runId: RUN },
    undefined,
    400,
  ],
  ["timeline: a NUL run id", h(getTimeline), "/api/v1/runs/a/timeline", { runId: "a\u0000" }, undefined, 404],
  ["timeline: limit 0", h(getTimeline), `/api/v1/runs/${RUN}/timeline?limit=0`, { runId: RUN }, undefined, 400],
  ["timeline span: a NUL span id", h(getTimelineSpan), "/x", { runId: RUN, spanId: "s\u0000" }, undefined, 404],
  ["timeline span: a NUL run id", h(getTimelineSpan), "/x", { runId: "\u0000", spanId: "s1" }, undefined, 404],
  ["analysis: a NUL run id", h(getAnalysis), "/api/v1/runs/a/analysis", { runId: "\u0000" }, undefined, 404],
  [
    "analysis: a setting that is not a number",
    h(getAnalysis),
    `/api/v1/runs/${RUN}/analysis?fail_max=%00`,
    { runId: RUN },
    undefined,
    400,
  ],
  [
    "analysis: an unknown setting with a NUL",
    h(getAnalysis),
    `/api/v1/runs/${RUN}/analysis?a%00=1`,
    { runId: RUN },
    undefined,
    400,
  ],
  ["report: a NUL run id", h(getReport), "/api/v1/runs/a/report.md", { runId: "\u0000" }, undefined, 404],
  ["comments: a NUL run id", h(listComments), "/api/v1/runs/a/comments", { runId: "\u0000" }, undefined, 404],
  [
    "comments: a NUL in the body",
    h(postComment),
    "/api/v1/runs/r/comments",
    { runId: RUN },
    json({ author: "a", body: "b\u0000" }),
    400,
  ],
  [
    "settings: a NUL in a tool name",
    h(putSettings),
    "/api/v1/settings",
    {},
    { ...json({ timeouts: { "a\u0000": 5 } }), method: "PUT" },
    400,
  ],
  [
    "analysis: a timeout for a tool name with a NUL",
    h(getAnalysis),
    `/api/v1/runs/${RUN}/analysis?timeouts=a%00:5`,
    { runId: RUN },
    undefined,
    400,
  ],
  ["ingest: a NUL in run_id", h(ingest), "/api/v1/ingest?run_id=a%00", {}, NDJSON, 400],
  ["OpenAI Agents ingest: a NUL in run_id", h(agentsIngest), "/v1/traces/ingest?run_id=%00", {}, json({}), 400],
  [
    "ingest: ended_at out of range",
    h(ingest),
    "/api/v1/ingest?ended_at=1e15",
    {},
    { method: "POST", headers: { "content-type": "application/x-ndjson" }, body: "{}" },
    400,
  ],
];

const LEAKS = /select|insert|update|delete from|postgres|pglite|127\.0\.0\.1|localhost|sqlstate|\$1/i;

describe.each(targets)("malformed queries and ids on $name", (target) => {
  serveDatabase(target, (db) => ingestText(db, `{"run_id":"${RUN}","span_id":"s1","name":"a","t0":1,"t1":2}\n`));

  test.each(CASES)("%s", async (_what, handler, url, params, init, status) => {
    const res = await call(handler, url, params, init);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(status);
    expect(ErrorBody.safeParse(res.body).success).toBe(true);
    expect(JSON.stringify(res.body)).not.toMatch(LEAKS);
  });
});

describe("errors the server did not expect", () => {
  test("a 500 says internal error and carries the request id it was logged under, never the cause", async () => {
    const res = errorResponse(new Error("SELECT secret FROM runs WHERE host = 'db.internal:5432'"));
    const body = await res.json();
    expect(res.status).toBe(500);
    expect(body).toEqual({ error: { code: "internal", message: "internal error", request_id: expect.any(String) } });
  });

  test("a value the database refused (SQLSTATE class 22) is a 400 with a request id, not a 500", async () => {
    const err = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" });
    const res = errorResponse(new Error("Failed query: SELECT 1", { cause: err }));
    const body = await res.json();
    expect(res.status).toBe(400);
    expect(body.error).toMatchObject({ code: "bad_request", request_id: expect.any(String) });
    expect(JSON.stringify(body)).not.toMatch(LEAKS);
  });

  test("a lost database is a 503 with Retry-After and a request id", async () => {
    const res = errorResponse(Object.assign(new Error("connect ECONNREFUSED 10.0.0.7:5432"), { code: "ECONNREFUSED" }));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(JSON.stringify(await res.json())).not.toMatch(/10\.0\.0\.7/);
  });
});
