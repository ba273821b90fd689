// GET/PUT /api/v1/settings on PGlite and Postgres: validation naming the
// setting, and a saved project setting changing the analysis (docs/analysis.md#settings).
import { describe, expect, test } from "vitest";
import { GET, PUT } from "@/app/api/v1/settings/route";
import { GET as analysisRoute } from "@/app/api/v1/runs/[runId]/analysis/route";
import type { AnalysisReport } from "@/lib/analysis/analyze";
import type { AnalysisSettings, PartialSettings } from "@/lib/analysis/settings";
import { targets } from "./support/databases";
import { ingestFile, EXAMPLES } from "./support/ingest";
import { call, serveDatabase } from "./support/route";

type SettingsBody = {
  settings: PartialSettings;
  resolved: AnalysisSettings;
  error?: { message: string; details?: { issues?: { path: string; message: string }[] } };
};

describe.each(targets)("settings API on $name", (target) => {
  serveDatabase(target, async (db) => {
    await ingestFile(db, `${EXAMPLES}/healthy-run.jsonl`);
  });
  const put = (body: unknown) =>
    call(
      PUT,
      "/api/v1/settings",
      {},
      { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
    ) as Promise<{ status: number; body: SettingsBody }>;
  const get = () => call(GET, "/api/v1/settings", {}) as Promise<{ status: number; body: SettingsBody }>;
  const overcalled = async () => {
    const { body } = (await call(analysisRoute, "/api/v1/runs/r-healthy/analysis", { runId: "r-healthy" })) as {
      body: AnalysisReport;
    };
    return {
      report: body,
      tools: body.bottlenecks.filter((b) => b.reasons.some((r) => r.kind === "overcalled")).map((b) => b.tool),
    };
  };

  test("nothing saved: GET returns no overrides and the defaults resolved", async () => {
    const { status, body } = await get();
    expect(status).toBe(200);
    expect(body.settings).toEqual({});
    expect(body.resolved.overcall_calls).toBe(8);
  });

  test("a saved value is returned by GET, with per-tool timeouts merged over the defaults", async () => {
    const saved = await put({ fail_max: 5, timeouts: { run_tests: 60 }, context_preset: "relaxed" });
    expect(saved.status).toBe(200);
    const { body } = await get();
    expect(body.settings).toEqual({ fail_max: 5, timeouts: { run_tests: 60 }, context_preset: "relaxed" });
    expect(body.resolved.timeouts).toMatchObject({ run_tests: 60, search: 8 });
    expect(body.resolved.context_fill_pct).toBe(70);
  });

  test("an invalid or unknown setting is a 400 naming it, and nothing is saved", async () => {
    const bad = await put({ fail_max: -2 });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.details?.issues).toEqual([{ path: "fail_max", message: "fail_max must be > 0" }]);
    expect(bad.body.error?.message).toBe("fail_max must be > 0");
    const unknown = await put({ fail_max: 2, bogus: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.details?.issues).toEqual([{ path: "bogus", message: 'unknown setting "bogus"' }]);
    expect((await put({ timeouts: { search: "soon" } })).body.error?.details?.issues).toEqual([
      { path: "timeouts.search", message: "timeouts.search must be a number" },
    ]);
    expect((await get()).body.settings.fail_max).toBe(5);
  });

  test("saving overcall_calls=1000 makes the healthy run's overcalled bottlenecks disappear", async () => {
    await put({});
    const before = await overcalled();
    expect(before.tools.length).toBeGreaterThan(0);
    await put({ overcall_calls: 1000 });
    const after = await overcalled();
    expect(after.tools).toEqual([]);
    expect(after.report.settings.overcall_calls).toBe(1000);
    await put({});
    expect((await overcalled()).tools).toEqual(before.tools);
  });
});
