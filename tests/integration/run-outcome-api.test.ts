// A run's shape and outcome on PGlite and Postgres (docs/import.md#shapes-and-outcomes):
// a run record's outcome is stored with source "file"; a grader's PUT replaces
// it and a re-upload of the file never takes it back; a done review gives an
// outcome only where nobody else said; `?shape=` wins over the importer's; the
// runs list shows both and filters by them.
import { describe, expect, test } from "vitest";
import { GET, PUT } from "@/app/api/v1/runs/[runId]/outcome/route";
import { PUT as putReview } from "@/app/api/v1/runs/[runId]/review/route";
import { GET as listRunsRoute } from "@/app/api/v1/runs/route";
import { POST as ingestRoute } from "@/app/api/v1/ingest/route";
import type { RunSummary } from "@/lib/schemas/api";
import type { Outcome } from "@/lib/schemas/run-outcome";
import { targets } from "./support/databases";
import { ingestText } from "./support/ingest";
import { call, serveDatabase } from "./support/route";

const T = "2026-03-01T10:00:00Z";
const line = (o: object) => JSON.stringify(o);
/** A loop run (iterations), a run whose file says it failed, and bare spans. */
const SEED = [
  line({ type: "run", run_id: "r-loop", name: "loop" }),
  line({ type: "iteration", run_id: "r-loop", n: 1, ts: T }),
  line({ type: "run", run_id: "r-graded", outcome: { status: "failure", score: 0, detail: "reward 0" } }),
  line({ type: "span", run_id: "r-graded", name: "search", t0: T, t1: T }),
  line({ type: "span", run_id: "r-bare", name: "search", t0: T, t1: T }),
  line({ type: "run", run_id: "r-auto", shape: "autonomous" }),
  line({ type: "iteration", run_id: "r-auto", n: 1, ts: T }),
].join("\n");

type Body = { outcome?: Outcome | null; runs?: RunSummary[]; error?: { code: string; message: string } };

describe.each(targets)("run shape and outcome on $name", (target) => {
  const served = serveDatabase(target, (db) => ingestText(db, SEED));
  const put = (id: string, body: unknown, route = PUT, path = "outcome") =>
    call(
      route,
      `/api/v1/runs/${id}/${path}`,
      { runId: id },
      { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
    ) as Promise<{ status: number; body: Body }>;
  const get = (id: string) => call(GET, `/api/v1/runs/${id}/outcome`, { runId: id }) as Promise<{ body: Body }>;
  const list = async (query = "") => {
    const res = (await call(listRunsRoute, `/api/v1/runs?${query}`, {})) as { status: number; body: Body };
    expect(res.status).toBe(200);
    return res.body.runs ?? [];
  };
  const ids = async (query: string) => (await list(query)).map((r) => r.run_id).sort();

  test("the shape is the run's own, else loop with iterations and spans without", async () => {
    const byId = Object.fromEntries((await list()).map((r) => [r.run_id, r.shape]));
    expect(byId).toEqual({ "r-loop": "loop", "r-graded": "spans", "r-bare": "spans", "r-auto": "autonomous" });
    expect(await ids("shape=spans")).toEqual(["r-bare", "r-graded"]);
  });

  test("a file's outcome is stored with source file, and the runs list filters by it", async () => {
    expect((await get("r-graded")).body.outcome).toEqual({
      status: "failure",
      score: 0,
      source: "file",
      detail: "reward 0",
    });
    expect((await get("r-bare")).body.outcome).toBeNull();
    expect(await ids("outcome=failure")).toEqual(["r-graded"]);
    expect(await ids("outcome=unknown")).toEqual(["r-auto", "r-bare", "r-loop"]);
  });

  test("a grader's outcome replaces the file's, and the file uploaded again does not take it back", async () => {
    const res = await put("r-graded", { status: "success", score: 1, detail: "re-graded" });
    expect(res.status).toBe(200);
    expect(res.body.outcome).toEqual({ status: "success", score: 1, source: "api", detail: "re-graded" });
    await ingestText(served.db, SEED);
    expect((await get("r-graded")).body.outcome?.source).toBe("api");
    expect(await ids("outcome=success")).toEqual(["r-graded"]);
  });

  test("a done review gives the outcome where nobody said; null takes a grader's back", async () => {
    expect((await put("r-loop", { status: "done", category: "none" }, putReview, "review")).status).toBe(200);
    expect((await get("r-loop")).body.outcome).toMatchObject({ status: "success", source: "review" });
    expect((await put("r-loop", { status: "failure" })).body.outcome).toMatchObject({ source: "api" });
    expect((await put("r-loop", null)).body.outcome).toMatchObject({ status: "success", source: "review" });
  });

  test("a bad outcome is a 400 naming the field", async () => {
    const res = await put("r-bare", { status: "won" });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toContain("status");
    const extra = await put("r-bare", { status: "success", grade: "A" });
    expect(extra.status).toBe(400);
    expect((await put("nope", { status: "success" })).status).toBe(404);
  });

  test("?shape= on the upload wins over the importer's", async () => {
    const body = line({ type: "span", run_id: "r-upload-shape", name: "x", t0: T, t1: T });
    const res = await call(
      ingestRoute,
      "/api/v1/ingest?shape=interactive",
      {},
      {
        method: "POST",
        headers: { "content-type": "application/x-ndjson" },
        body,
      },
    );
    expect(res.status).toBe(200);
    expect((await list("shape=interactive")).map((r) => r.run_id)).toEqual(["r-upload-shape"]);
    const bad = await call(
      ingestRoute,
      "/api/v1/ingest?shape=circle",
      {},
      {
        method: "POST",
        headers: { "content-type": "application/x-ndjson" },
        body,
      },
    );
    expect(bad.status).toBe(400);
  });
});
