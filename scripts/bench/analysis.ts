// `npm run bench -- analysis [--spans N] [--cli-spans N]`
// On a run of --spans (default 1 000 000) in Postgres, the
// full analysis time (SQL aggregates + per-tool keyset streams + the pure
// rules) next to one plain GROUP BY scan of the same run, in this process,
// with the RSS growth during the analysis; then the offline CLI's wall time
// on a --cli-spans (default 100 000) file.
import { spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import { loadAnalysisInput } from "@/db/analysis-source";
import { rowsOf } from "@/db/client";
import { writeBatch } from "@/db/ingest-writer";
import { analyzeRun } from "@/lib/analysis/analyze";
import { DEFAULT_SETTINGS } from "@/lib/analysis/settings";
import { ingestItems } from "@/lib/ingest/ingest-stream";
import { readLines } from "@/lib/ingest/line-reader";
import { argValue, figure, tempPostgres, timed } from "./support";
import { synthRunLines } from "./synth";

const linesOf = (runId: string, spans: number) =>
  Readable.from(
    (function* () {
      for (const l of synthRunLines(runId, spans)) yield Buffer.from(`${l}\n`);
    })(),
  );

export async function run(args: string[]) {
  const spans = argValue(args, "spans", 1_000_000);
  const cliSpans = argValue(args, "cli-spans", 100_000);
  const h = await tempPostgres("analysis");
  try {
    const load = await timed(() =>
      ingestItems(readLines(linesOf("bench", spans)), { writeBatch: (b) => writeBatch(h.db, b) }),
    );
    console.log(`run of ${spans.toLocaleString("en-US")} spans stored in ${(load.ms / 1000).toFixed(1)} s`);
    await h.db.execute(sql`VACUUM ANALYZE spans`);
    const scan = await timed(async () =>
      rowsOf(
        await h.db.execute(
          sql`SELECT name, count(*), sum(duration_ms), count(*) FILTER (WHERE NOT ok) FROM spans WHERE run_id = 'bench' GROUP BY name`,
        ),
      ),
    );
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    const full = await timed(async () => analyzeRun((await loadAnalysisInput(h.db, "bench"))!, DEFAULT_SETTINGS));
    clearInterval(sampler);
    console.log("analysis of the stored run (Postgres)");
    figure("plain GROUP BY name scan", `${scan.ms.toFixed(0)} ms`);
    figure(
      "full analysis (SQL + streams + rules)",
      `${full.ms.toFixed(0)} ms`,
      `${(full.ms / scan.ms).toFixed(2)}× the scan (target ≤ 2×)`,
    );
    figure(
      "RSS growth during the analysis",
      `${Math.round((rssPeak - rssBefore) / 1048576)} MB`,
      "flat memory: spans are streamed",
    );
    figure(
      "tools / bottlenecks / tool breakers",
      `${full.value.tools.length} / ${full.value.bottlenecks.length} / ${full.value.tool_breakers.length}`,
    );
  } finally {
    await h.close();
  }
  const dir = mkdtempSync(path.join(tmpdir(), "loopscope-bench-"));
  try {
    const file = path.join(dir, "cli.jsonl");
    await pipeline(linesOf("cli", cliSpans), createWriteStream(file));
    const cli = await timed(async () =>
      spawnSync(process.execPath, ["bin/loopscope.mjs", "analyze", file, "--json"], {
        stdio: ["ignore", "ignore", "ignore"],
      }),
    );
    console.log("offline CLI");
    figure(
      `loopscope analyze, ${cliSpans.toLocaleString("en-US")} spans`,
      `${(cli.ms / 1000).toFixed(2)} s`,
      `exit ${cli.value.status}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
