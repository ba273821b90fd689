// `loopscope analyze`: the offline gate. Reads each file as the server does —
// its format detected (or --format), a foreign log mapped by its importer
// (lib/import, docs/import.md), every record through the same lib/ingest
// pipeline — numbers transcript iterations across the run as the server
// does (placeInMemory), analyses each run in memory with the same
// lib/analysis, prints the post-mortem (or --json), and exits 3 when a
// breaker trips so a harness's CI can stop on it. Rejected lines are named on
// stderr and analysed around; they change the exit code only with --strict
// (1), and a tripped breaker (3) still wins: it is the finding about the run,
// a rejected line only about the file. No server, no database.
import { createReadStream } from "node:fs";
import { basename } from "node:path";
import { buildMemoryInput, groupRecordsByRun } from "@/lib/analysis/memory-source";
import { analyzeRun, breakerTripped, type AnalysisReport } from "@/lib/analysis/analyze";
import { parseSettingsParams, resolveSettings, settingsFromConfig } from "@/lib/analysis/settings";
import { SHAPE_PROFILES } from "@/lib/analysis/shape-profiles";
import { addRunTokens, runTokensOf, type RunTokenSums } from "@/lib/analysis/run-tokens";
import { openImport } from "@/lib/import/open-import";
import { placeInMemory } from "@/lib/import/place-iterations";
import type { TextCaps } from "@/lib/import/text-caps";
import type { ImportFormat } from "@/lib/import/types";
import { ingestItems } from "@/lib/ingest/ingest-stream";
import type { RunSummary } from "@/lib/schemas/api";
import type { StoredRecord } from "@/lib/schemas/records";
import { defaultShapeOf, type Outcome, type RunShape } from "@/lib/schemas/run-outcome";
import { formatTimeUs } from "@/lib/time";
import { plural } from "@/lib/plural";
import { renderMarkdownReport } from "@/lib/report/markdown";
import { modifiedAtUs } from "./collect-files";
import { looksLikeOutcomesFile } from "./outcomes-command";

export type AnalyzeOptions = {
  json: boolean;
  set: string[];
  /** A rejected line makes the exit code 1 (unless a breaker tripped: 3). */
  strict: boolean;
  /** Read every file in this format instead of detecting it. */
  format?: ImportFormat;
  /** How much text the records keep (`--text-caps`, LOOPSCOPE_TEXT_CAPS; docs/import.md#text-caps). */
  textCaps?: TextCaps;
};

export async function runAnalyze(files: string[], opts: AnalyzeOptions): Promise<number> {
  const pairs = opts.set.map((kv): [string, string] => {
    const i = kv.indexOf("=");
    if (i < 1) throw new Error(`--set takes key=value, got "${kv}"`);
    return [kv.slice(0, i), kv.slice(i + 1)];
  });
  const overrides = parseSettingsParams(pairs, { strict: true });
  if (!overrides.ok) throw new Error(`--set ${overrides.message}`);

  const { records, rejected } = await readRecords(files, opts.format, { textCaps: opts.textCaps });
  const byRun = groupRecordsByRun(records);
  const reports: AnalysisReport[] = [];
  const texts: string[] = [];
  for (const [runId, own] of byRun) {
    const input = buildMemoryInput(runId, own);
    const config = own.reduce<Record<string, unknown>>(
      (acc, r) => (r.type === "run" ? { ...acc, ...r.config } : acc),
      {},
    );
    const summary = summarise(runId, own, input.runStartUs);
    const settings = resolveSettings(overrides.settings, settingsFromConfig(config), SHAPE_PROFILES[summary.shape]);
    const report = await analyzeRun(input, settings);
    reports.push(report);
    texts.push(renderMarkdownReport(summary, report));
  }
  if (opts.json) console.log(JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2));
  else console.log(texts.join("\n\n---\n\n"));
  const tripped = reports.filter(breakerTripped).map((r) => r.run_id);
  if (rejected > 0)
    console.error(`${plural(rejected, "line")} rejected${rejectedConsequence(opts.strict, tripped.length > 0)}`);
  if (tripped.length) console.error(`breaker tripped in: ${tripped.join(", ")} → exit 3`);
  return analyzeExitCode(tripped.length > 0, rejected, opts.strict);
}

/**
 * Every file's records, as the server would store them: a foreign file is
 * mapped with its name and modification time (where a log without times
 * ends), and transcript iterations are numbered across the files of a run.
 * A foreign file's format is named on stderr, with the lines it skipped.
 */
export async function readRecords(
  files: string[],
  format: ImportFormat | undefined,
  { quiet = false, runId = null, textCaps }: { quiet?: boolean; runId?: string | null; textCaps?: TextCaps } = {},
): Promise<{ records: StoredRecord[]; rejected: number; runsByFile: Map<string, string[]> }> {
  const records: StoredRecord[] = [];
  const runsByFile = new Map<string, string[]>();
  const say = (line: string) => void (quiet || console.error(line));
  let rejected = 0;
  for (const file of files) {
    if (looksLikeOutcomesFile(file)) {
      say(`${file}: an outcomes file, not runs — not analysed`);
      continue;
    }
    const ctx = { runId, endedAtUs: modifiedAtUs(file), fileName: basename(file), live: false, textCaps };
    const opened = await openImport(createReadStream(file), ctx, format ?? null);
    const result = await ingestItems(opened.items, {
      runId,
      writeBatch: async (batch) => void records.push(...batch),
    });
    rejected += result.rejected;
    runsByFile.set(file, result.runs);
    if (opened.format !== "loopscope")
      say(
        `${file}: read as ${opened.format}, ${plural(result.skipped, "line")} skipped${skippedKinds(result.skipped_by_type)}`,
      );
    for (const e of result.errors) say(`${file}: line ${e.line}: ${e.message}`);
  }
  return { records: placeInMemory(records), rejected, runsByFile };
}

/** ` (progress 120, queue-operation 4)`: the skipped lines by kind, most first; empty when none. */
export function skippedKinds(byType: Record<string, number>): string {
  const kinds = Object.entries(byType).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return kinds.length ? ` (${kinds.map(([k, n]) => `${k} ${n}`).join(", ")})` : "";
}

/** 3 when a breaker tripped; else 1 when a line was rejected under --strict; else 0. */
function analyzeExitCode(tripped: boolean, rejected: number, strict: boolean): number {
  if (tripped) return 3;
  return strict && rejected > 0 ? 1 : 0;
}

function rejectedConsequence(strict: boolean, tripped: boolean): string {
  if (!strict) return " (the exit code ignores them; --strict makes them exit 1)";
  return tripped ? " (--strict, but a tripped breaker's exit 3 wins)" : " → exit 1 (--strict)";
}

export function summarise(runId: string, records: StoredRecord[], startUs: number): RunSummary {
  let end = startUs;
  const counts = { spans: 0, failures: 0, iterations: 0, events: 0, tokens: 0, cache_read_tokens: 0 };
  const sums: RunTokenSums = { spanTokens: 0, spanCacheReadTokens: 0, iterationTokens: 0 };
  let name: string | null = null;
  let agent: string | null = null;
  let shape: RunShape | null = null;
  let outcome: Outcome | null = null;
  let labels: Record<string, string> = {};
  for (const r of records) {
    if (r.type === "span") {
      counts.spans += 1;
      if (!r.ok) counts.failures += 1;
      addRunTokens(sums, r);
      end = Math.max(end, r.t1Us);
    } else if (r.type === "iteration") {
      counts.iterations += 1;
      sums.iterationTokens += r.tokensUsed ?? 0;
      end = Math.max(end, r.tsUs);
    } else if (r.type === "event") {
      counts.events += 1;
      end = Math.max(end, r.tsUs);
    } else if (r.type === "run") {
      name = r.name ?? name;
      agent = r.agent ?? agent;
      shape = r.shape ?? shape;
      outcome = r.outcome ?? outcome;
      labels = { ...labels, ...r.labels };
    }
  }
  const tokens = runTokensOf(sums);
  counts.tokens = tokens.tokens;
  counts.cache_read_tokens = tokens.cacheReadTokens;
  return {
    run_id: runId,
    name,
    agent,
    labels,
    cost_usd: 0,
    verdict: null,
    review: { status: "open", category: null },
    shape: shape ?? defaultShapeOf(counts.iterations),
    outcome,
    counts,
    started_at: formatTimeUs(startUs),
    ended_at: formatTimeUs(end),
    duration_ms: (end - startUs) / 1000,
  };
}
