// `npm run bench -- analysis [--spans N] [--cli-spans N]`
// On a run of --spans (default 1 000 000) in Postgres, the
// full analysis time (two grouped scans, the by-tool and by-time keyset
// streams, the pure rules) next to two baselines of the same run, in this
// process: one plain GROUP BY scan, and one read of every span column the
// analysis reads (COPY … TO STDOUT through postgres.js, bytes counted,
// nothing parsed) — the least any analysis that looks at those columns must
// pay. Then the RSS growth during the analysis, the team-baselines query
// (db/tool-baselines.ts) of a small run of the same shape whose history is
// the big run and two small ones, and the offline CLI's wall time on a
// --cli-spans (default 100 000) file.
import { spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { getTableColumns, sql } from "drizzle-orm";
import postgres from "postgres";
import { loadAnalysisInput } from "@/db/analysis-source";
import { rowsOf, type Db } from "@/db/client";
import { spans as spansTable } from "@/db/schema";
import { writeBatch } from "@/db/ingest-writer";
import { loadToolBaselines } from "@/db/tool-baselines";
import { analyzeRun } from "@/lib/analysis/analyze";
import { DEFAULT_SETTINGS } from "@/lib/analysis/settings";
import { ingestItems } from "@/lib/ingest/ingest-stream";
import { readLines } from "@/lib/ingest/line-reader";
import { argValue, figure, tempPostgres, timed } from "./support";
import { synthRunLines } from "./synth";

/**
 * The span columns the database source (db/analysis-source.ts,
 * db/analysis-totals.ts) reads, by their schema keys: the tool summary and
 * timeouts (name, kind, ok, duration_ms), the breaker and time streams
 * (span_id, t0, t1), the tokens and costs per iteration (iteration, task_id,
 * tokens_in, tokens_out, cost_usd, meta), the identical calls (input). Not
 * run_id (the filter), parent_id, error or output.
 */
const ANALYSIS_SPAN_KEYS = [
  "spanId",
  "name",
  "kind",
  "t0",
  "t1",
  "durationMs",
  "ok",
  "iteration",
  "taskId",
  "tokensIn",
  "tokensOut",
  "costUsd",
  "meta",
  "input",
] as const satisfies readonly (keyof typeof spansTable.$inferSelect)[];

/**
 * One read of the analysis's span columns for the run: COPY TO STDOUT through
 * postgres.js, consumed and counted, not parsed. Timed from the COPY on: the
 * connection is opened first, as the analysis's pool already is.
 */
async function timeCopyOfAnalysisColumns(url: string, runId: string) {
  const columns = getTableColumns(spansTable);
  const names = ANALYSIS_SPAN_KEYS.map((k) => columns[k].name);
  // COPY takes no bind parameters: the run id goes in as an escaped literal.
  const literal = `'${runId.replaceAll("'", "''")}'`;
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`SELECT 1`;
    return await timed(async () => {
      const stream =
        await client`COPY (SELECT ${client(names)} FROM spans WHERE run_id = ${client.unsafe(literal)}) TO STDOUT`.readable();
      let bytes = 0;
      let rows = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        // text format: one line a row (newlines in values are escaped); indexOf is native, no JS loop per byte
        for (let i = chunk.indexOf(0x0a); i >= 0; i = chunk.indexOf(0x0a, i + 1)) rows += 1;
      }
      return { bytes, rows };
    });
  } finally {
    await client.end({ timeout: 5 });
  }
}

const linesOf = (runId: string, spans: number) =>
  Readable.from(
    (function* () {
      for (const l of synthRunLines(runId, spans)) yield Buffer.from(`${l}\n`);
    })(),
  );

/**
 * The team baselines of a 1 000-span run of the bench run's shape, whose
 * history is the bench run and two more small runs (a baseline needs three):
 * one indexed read of each run's calls, the big run's sorted for its p95s;
 * then again, the history unchanged (a cached report's request: the memo).
 */
async function timeToolBaselines(db: Db) {
  for (const runId of ["bench-a", "bench-b", "bench-next"]) {
    await ingestItems(readLines(linesOf(runId, 1_000)), { writeBatch: (b) => writeBatch(db, b) });
  }
  await db.execute(sql`ANALYZE runs`);
  const first = await timed(() => loadToolBaselines(db, "bench-next"));
  const again = await timed(() => loadToolBaselines(db, "bench-next"));
  return { first, again };
}

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
    const read = await timeCopyOfAnalysisColumns(h.url, "bench");
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    const full = await timed(async () => analyzeRun((await loadAnalysisInput(h.db, "bench"))!, DEFAULT_SETTINGS));
    clearInterval(sampler);
    const baselines = await timeToolBaselines(h.db);
    console.log("analysis of the stored run (Postgres)");
    figure("plain GROUP BY name scan", `${scan.ms.toFixed(0)} ms`);
    figure(
      `one read of the ${ANALYSIS_SPAN_KEYS.length} analysis columns (COPY)`,
      `${read.ms.toFixed(0)} ms`,
      `${read.value.rows.toLocaleString("en-US")} rows, ${(read.value.bytes / 1048576).toFixed(1)} MB`,
    );
    figure("full analysis (SQL + streams + rules)", `${full.ms.toFixed(0)} ms`);
    figure("  against the GROUP BY scan", `${(full.ms / scan.ms).toFixed(2)}×`, "target ≤ 2×");
    figure("  against the single read (COPY)", `${(full.ms / read.ms).toFixed(2)}×`, "target ≤ 1.5× (1M spans)");
    figure(
      "RSS growth during the analysis",
      `${Math.round((rssPeak - rssBefore) / 1048576)} MB`,
      "flat memory: spans are streamed",
    );
    figure(
      "tools / bottlenecks / tool breakers",
      `${full.value.tools.length} / ${full.value.bottlenecks.length} / ${full.value.tool_breakers.length}`,
    );
    figure(
      "team baselines, history 100k + 2 × 1k spans",
      `${baselines.first.ms.toFixed(0)} ms`,
      `${Object.keys(baselines.first.value).length} tools; once per new history`,
    );
    figure("  the same history again (memoised)", `${baselines.again.ms.toFixed(1)} ms`, "a cached report's request");
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
