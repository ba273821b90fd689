// GET/PUT /api/v1/runs/{run_id}/review on PGlite and Postgres: a run starts
// open, a review is stored whole and read back, a bad field is a 400 naming
// it, the runs list filters by review status and root cause, and the
// Markdown post-mortem leads with the review, inert, with a link to the run.
import { describe, expect, test } from "vitest";
import { GET, PUT } from "@/app/api/v1/runs/[runId]/review/route";
import { GET as listRunsRoute } from "@/app/api/v1/runs/route";
import { GET as reportMd } from "@/app/api/v1/runs/[runId]/report.md/route";
import type { ReviewOut } from "@/lib/schemas/review";
import { targets } from "./support/databases";
import { ingestFile, EXAMPLES } from "./support/ingest";
import { call, serveDatabase } from "./support/route";

type Body = {
  review?: ReviewOut;
  runs?: { run_id: string; review: { status: string; category: string | null } }[];
  error?: { code: string; message: string; details?: { issues?: { path: string; message: string }[] } };
};

describe.each(targets)("review API on $name", (target) => {
  serveDatabase(target, async (db) => {
    await ingestFile(db, `${EXAMPLES}/healthy-run.jsonl`);
    await ingestFile(db, `${EXAMPLES}/stuck-loop.jsonl`);
  });
  const put = (id: string, body: unknown) =>
    call(
      PUT,
      `/api/v1/runs/${id}/review`,
      { runId: id },
      { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
    ) as Promise<{ status: number; body: Body }>;
  const get = (id: string) =>
    call(GET, `/api/v1/runs/${id}/review`, { runId: id }) as Promise<{ status: number; body: Body }>;
  const runIds = async (query: string) => {
    const res = (await call(listRunsRoute, `/api/v1/runs?${query}`, {})) as { status: number; body: Body };
    expect(res.status).toBe(200);
    return res.body.runs?.map((r) => r.run_id).sort();
  };

  test("a run never reviewed reads as open, with nothing else", async () => {
    const res = await get("r-healthy");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      review: { status: "open", verdict: "", category: null, actions: [], updated_at: null, updated_by: null },
    });
  });

  test("a saved review comes back whole, trimmed, with defaults filled; saving again replaces it", async () => {
    const saved = await put("r-stuck-loop", {
      status: "in review",
      category: "tool_failure",
      verdict: "  staging http_get was down; the loop kept retrying  ",
      actions: [
        { text: "lower fail_max for http_get", owner: "ana" },
        { text: "page on 5xx", done: true },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.review).toMatchObject({
      status: "in review",
      category: "tool_failure",
      verdict: "staging http_get was down; the loop kept retrying",
      actions: [
        { text: "lower fail_max for http_get", owner: "ana", done: false },
        { text: "page on 5xx", owner: "", done: true },
      ],
    });
    expect(saved.body.review?.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expect((await get("r-stuck-loop")).body).toEqual(saved.body);
    const again = await put("r-stuck-loop", { status: "done", category: "tool_failure" });
    expect(again.body.review).toMatchObject({ status: "done", verdict: "", actions: [] });
  });

  test("a bad status, an unknown category, an empty action and an unknown field are each a 400 naming it", async () => {
    const res = await put("r-healthy", {
      status: "closed",
      category: "gremlins",
      actions: [{ text: " " }],
      owner: "x",
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("invalid_parameter");
    expect(res.body.error?.details?.issues?.map((i) => i.path).sort()).toEqual([
      "actions[0].text",
      "category",
      "owner",
      "status",
    ]);
    expect((await get("r-healthy")).body.review?.status).toBe("open");
  });

  test("an unknown run is a 404 for both verbs", async () => {
    expect((await get("r-nope")).status).toBe(404);
    expect((await put("r-nope", { status: "done" })).status).toBe(404);
  });

  test("the runs list carries each run's review and filters by status and root cause", async () => {
    await put("r-stuck-loop", { status: "done", category: "tool_failure" });
    await put("r-healthy", { status: "open" });
    expect(await runIds("review=done")).toEqual(["r-stuck-loop"]);
    expect(await runIds("review=open")).toEqual(["r-healthy"]);
    expect(await runIds("category=tool_failure")).toEqual(["r-stuck-loop"]);
    expect(await runIds("category=none")).toEqual([]);
    const bad = (await call(listRunsRoute, "/api/v1/runs?review=closed", {})) as { status: number; body: Body };
    expect(bad.status).toBe(400);
    expect(bad.body.error?.details?.issues?.[0]?.path).toBe("review");
  });

  test("the Markdown post-mortem leads with the review, inert, and links back to the run", async () => {
    await put("r-stuck-loop", {
      status: "done",
      category: "tool_failure",
      verdict: "retries hid the outage <script>alert(1)</script>",
      actions: [{ text: "cap retries at 3", owner: "ana", done: true }],
    });
    const res = await reportMd(new Request("http://test.local/api/v1/runs/r-stuck-loop/report.md"), {
      params: Promise.resolve({ runId: "r-stuck-loop" }),
    });
    const md = await res.text();
    expect(res.status).toBe(200);
    expect(md.indexOf("## Review")).toBeGreaterThan(0);
    expect(md.indexOf("## Review")).toBeLessThan(md.indexOf("## Verdict"));
    expect(md).toContain("Status: **done** · root cause: **tool failure**");
    expect(md).toContain("- [x] cap retries at 3 — ana");
    expect(md).not.toContain("<script>");
    expect(md).toContain("retries hid the outage");
    expect(md).toContain("[Open the run in Loopscope](http://test.local/runs/r-stuck-loop)");
  });
});
