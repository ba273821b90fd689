// The analyses warmed after uploads (app/_server/analysis.ts, warmAnalyses), in
// process on both databases: uploads of a run that land while its warm-up is
// analysing it start no analysis of their own; one more runs after it, with
// every upload. `analyzeRun` is the real one, wrapped to count its calls and,
// here, to hold the first warm-up in its computation while the uploads land.
import { describe, expect, test, vi } from "vitest";
import { getAnalysis, warmAnalyses } from "@/app/_server/analysis";
import { analyzeRun } from "@/lib/analysis/analyze";
import type * as Analyze from "@/lib/analysis/analyze";
import { getRun } from "@/db/runs";
import { openForSuite, targets } from "./support/databases";
import { ingestFile, ingestText, EXAMPLES } from "./support/ingest";

const hold = vi.hoisted(() => ({ until: Promise.resolve() }));
vi.mock("@/lib/analysis/analyze", async (importOriginal) => {
  const real = await importOriginal<typeof Analyze>();
  const analyzeRun: typeof real.analyzeRun = async (...args) => {
    await hold.until;
    return real.analyzeRun(...args);
  };
  return { ...real, analyzeRun: vi.fn(analyzeRun) };
});
const computations = vi.mocked(analyzeRun);

const upload = (i: number) => {
  const t = `2026-02-03T11:00:${10 + i}`;
  return `{"run_id":"r-stuck-loop","name":"late_tool","t0":"${t}Z","t1":"${t}.5Z"}\n`;
};

describe.each(targets)("warm-ups after uploads on $name", (target) => {
  const h = openForSuite(target, (handle) => ingestFile(handle.db, `${EXAMPLES}/stuck-loop.jsonl`));

  test("uploads landing while a warm-up runs are analysed once more after it, not once each", async () => {
    computations.mockClear();
    let release = () => {};
    hold.until = new Promise<void>((resolve) => (release = resolve));
    const uploads = 12;
    const warmUps: Promise<void>[] = [];
    try {
      await ingestText(h.db, upload(0));
      warmUps.push(warmAnalyses(h.db, ["r-stuck-loop"])); // as after() does once each response has gone
      await vi.waitFor(() => expect(computations).toHaveBeenCalledTimes(1)); // held in its computation
      for (let i = 1; i < uploads; i++) {
        await ingestText(h.db, upload(i));
        warmUps.push(warmAnalyses(h.db, ["r-stuck-loop"]));
      }
      expect(computations).toHaveBeenCalledTimes(1);
    } finally {
      release();
    }
    await Promise.all(warmUps);
    expect(computations).toHaveBeenCalledTimes(2);
    // The second saw every upload: the page's request reads its report from the cache.
    const report = await getAnalysis(h.db, "r-stuck-loop");
    expect(report.tools.find((t) => t.tool === "late_tool")?.calls).toBe(uploads);
    expect(computations).toHaveBeenCalledTimes(2);
    expect((await getRun(h.db, "r-stuck-loop"))?.verdict).not.toBeNull();
  });
});
