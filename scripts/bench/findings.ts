// `npm run bench -- findings DIR…` — docs/benchmarks.md#findings: what the
// analysis says of real runs, read with the default profile of each run's
// shape (docs/analysis.md#profiles), set by set. A set's outcomes come from
// its files (tau-bench rewards, exit statuses) and from an outcomes file in
// the folder (`outcomes.json`, docs/import.md#outcomes-from-a-grader). For sets
// with outcomes: halted successes (false alarms), halted failures, where the
// halt falls, what it would have saved on failures and lost on successes. For
// sets without: verdicts, alarmed bottlenecks, read-only tools and human waits
// flagged, rate-limit pauses per session. Then every stuck example of the
// repository, with the halt the seed defaults gave it ("today") beside the
// lens's: nothing stuck may slip through. It prints figures; it asserts nothing.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { readRecords, summarise } from "@/bin/cli/analyze-command";
import { collectFiles } from "@/bin/cli/collect-files";
import { analyzeRun, type AnalysisReport } from "@/lib/analysis/analyze";
import { buildMemoryInput, groupRecordsByRun } from "@/lib/analysis/memory-source";
import { DEFAULT_SETTINGS, resolveSettings, type AnalysisSettings } from "@/lib/analysis/settings";
import { SHAPE_PROFILES } from "@/lib/analysis/shape-profiles";
import { looksLikeOutcomesFile, readOutcomesFile } from "@/bin/cli/outcomes-command";
import { matchOutcomes, type OutcomeEntry } from "@/lib/outcomes-file";
import { replayCallRules } from "@/lib/guard/replay-calls";
import { verdictStopOf } from "@/lib/report/stopping-points";
import type { RunShape } from "@/lib/schemas/run-outcome";

type Graded = {
  runId: string;
  shape: RunShape;
  status: "success" | "failure" | "unknown";
  report: AnalysisReport;
  iterations: number;
  /** Calls the live guard would have refused (docs/guard.md): what enforce mode would have cost this run. */
  refusals: number;
};

const READ_ONLY = new Set([
  "Read",
  "Grep",
  "Glob",
  "LS",
  "NotebookRead",
  "WebFetch",
  "WebSearch",
  "read_file",
  "list_directory",
  "search_file_content",
  "glob",
]);
const pct = (n: number, d: number) => (d === 0 ? "—" : `${((100 * n) / d).toFixed(1)} %`);
const median = (xs: number[]) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? null;
};

/** The outcomes file of a folder, if it holds one (the CLI's own test and reader). */
function outcomesIn(dir: string): OutcomeEntry[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (!looksLikeOutcomesFile(file)) continue;
    const entries = readOutcomesFile(file);
    if (typeof entries !== "string") return entries;
  }
  return [];
}

/** Every run of the paths, analysed with its shape's profile, with its outcome. */
async function gradeRuns(paths: string[], runId: string | null = null): Promise<Graded[]> {
  const { files } = collectFiles(paths);
  const { records, runsByFile } = await readRecords(files, undefined, { quiet: true, runId });
  const byRun = groupRecordsByRun(records);
  const dirs = paths.filter((p) => statSync(p).isDirectory());
  const entries = dirs.flatMap(outcomesIn);
  const filesByRun = new Map<string, string[]>();
  for (const [file, runs] of runsByFile)
    for (const id of runs) filesByRun.set(id, [...(filesByRun.get(id) ?? []), path.basename(file)]);
  const targets = [...byRun].map(([id, own]) => ({
    runId: id,
    files: filesByRun.get(id) ?? [],
    labels: Object.assign({}, ...own.flatMap((r) => (r.type === "run" ? [r.labels] : []))) as Record<string, string>,
  }));
  const graded = new Map(matchOutcomes(entries, targets, "bench").matched.map((m) => [m.runId, m.outcome.status]));
  const out: Graded[] = [];
  for (const [id, own] of byRun) {
    const input = buildMemoryInput(id, own);
    const summary = summarise(id, own, input.runStartUs);
    const settings = resolveSettings(SHAPE_PROFILES[summary.shape]);
    const report = await analyzeRun(input, settings);
    const status = graded.get(id) ?? summary.outcome?.status ?? "unknown";
    const refusals = replayCallRules(own, settings).refusals.length;
    out.push({ runId: id, shape: summary.shape, status, report, iterations: summary.counts.iterations, refusals });
  }
  return out;
}

function haltShare(g: Graded): number | null {
  const at = g.report.verdict.iteration;
  return g.report.verdict.tripped && at && g.iterations > 0 ? at / g.iterations : null;
}

function printOutcomeSet(name: string, runs: Graded[]): void {
  const ok = runs.filter((r) => r.status === "success");
  const bad = runs.filter((r) => r.status === "failure");
  const halted = (rs: Graded[]) => rs.filter((r) => r.report.verdict.tripped);
  const sum = (rs: Graded[], f: (r: Graded) => number) => rs.reduce((s, r) => s + f(r), 0);
  const saved = (rs: Graded[]) =>
    `${sum(rs, (r) => r.report.verdict.would_save.iterations)} it · ${Math.round(sum(rs, (r) => r.report.verdict.would_save.tokens)).toLocaleString("en-US")} tok · $${sum(rs, (r) => verdictStopOf(r.report)?.saved.cost_usd ?? 0).toFixed(2)} · ${(sum(rs, (r) => r.report.verdict.would_save.ms) / 60000).toFixed(1)} min`;
  const shares = halted(runs)
    .map(haltShare)
    .filter((x): x is number => x !== null);
  const m = median(shares);
  console.log(
    `| ${name} | ${runs.length} | ${ok.length} | ${bad.length} | ${halted(ok).length} (${pct(halted(ok).length, ok.length)}) | ` +
      `${halted(bad).length} (${pct(halted(bad).length, bad.length)}) | ${m === null ? "—" : `${(100 * m).toFixed(0)} %`} | ` +
      `${saved(halted(bad))} | ${saved(halted(ok))} |`,
  );
}

/** A person's answer, or a permission prompt held open (docs/analysis.md#human-waits, #permission-waits). */
const humanWaits = (s: AnalysisSettings) => new Set([...s.human_tools, ...s.permission_tools]);

function printSessionSet(name: string, runs: Graded[]): void {
  const verdicts = runs.filter((r) => r.report.verdict.tripped).length;
  const notes = runs.reduce((s, r) => s + r.report.verdict.notes.length, 0);
  const alarmed = runs.reduce(
    (s, r) => s + r.report.bottlenecks.filter((b) => b.reasons.some((x) => x.kind !== "overcalled")).length,
    0,
  );
  const wrong = runs.flatMap((r) =>
    r.report.bottlenecks
      .filter((b) => READ_ONLY.has(b.tool) || humanWaits(r.report.settings).has(b.tool))
      .filter((b) => b.reasons.some((x) => x.kind === "slow" || x.kind === "overcalled"))
      .map((b) => `${b.tool} (${b.reasons.map((x) => x.kind).join("+")})`),
  );
  const pauses = runs.filter((r) => r.report.rate_limit.waited_calls > 0).length;
  console.log(
    `| ${name} | ${runs.length} | ${runs
      .map((r) => r.shape)
      .filter((v, i, a) => a.indexOf(v) === i)
      .join(", ")} | ${verdicts} | ${notes} | ${alarmed} | ${wrong.length ? wrong.join(", ") : "none"} | ${pauses} |`,
  );
}

/**
 * docs/guard.md: what the live guard in enforce mode would have done to each set —
 * runs halted (its halt is the verdict: the same runs as above) and runs with a
 * call refused, successes apart from failures where the set has outcomes.
 */
function printGuardSets(sets: { name: string; runs: Graded[] }[]): void {
  console.log("\n### The live guard, in enforce mode\n");
  console.log(
    "| set | runs | halted: successes / failures / unknown | a call refused: successes / failures / unknown | calls refused |",
  );
  console.log("|---|---|---|---|---|");
  for (const { name, runs } of sets) {
    const by = (f: (r: Graded) => boolean) =>
      (["success", "failure", "unknown"] as const)
        .map((st) => runs.filter((r) => r.status === st && f(r)).length)
        .join(" / ");
    const refused = runs.reduce((n, r) => n + r.refusals, 0);
    console.log(
      `| ${name} | ${runs.length} | ${by((r) => r.report.verdict.tripped)} | ${by((r) => r.refusals > 0)} | ${refused} |`,
    );
  }
}

/** The repository's stuck examples: a verdict with the lens, no later than the seed defaults' halt. */
async function printStuckExamples(root: string): Promise<void> {
  const stuck: { name: string; paths: string[]; run?: string; pick?: string }[] = [
    { name: "stuck-loop.jsonl", paths: ["stuck-loop.jsonl"] },
    { name: "claude-code/stuck-session.jsonl", paths: ["claude-code/stuck-session.jsonl"] },
    { name: "loop-script-stuck/ (--run)", paths: ["loop-script-stuck"], run: "example-loop-script-stuck" },
    { name: "mini-swe-agent/stuck.traj.json", paths: ["mini-swe-agent/stuck.traj.json"] },
    { name: "swe-agent/stuck.traj", paths: ["swe-agent/stuck.traj"] },
    { name: "openai-chat (stuck run)", paths: ["openai-chat/support-runs.json"], pick: "chat-7-0" },
    { name: "gemini-cli/stuck-session.json", paths: ["gemini-cli/stuck-session.json"] },
  ];
  console.log("\n| stuck example | shape | verdict with its lens | halt today (seed defaults) |\n|---|---|---|---|");
  for (const ex of stuck) {
    const paths = ex.paths.map((p) => path.join(root, p));
    if (
      !paths.every((p) => {
        try {
          return statSync(p) !== null;
        } catch {
          return false;
        }
      })
    )
      continue;
    const runs = (await gradeRuns(paths, ex.run ?? null)).filter((r) => !ex.pick || r.runId === ex.pick);
    for (const r of runs) {
      const seed = await seedHalt(paths, r.runId, ex.run ?? null);
      const h = verdictStopOf(r.report);
      const lens = r.report.verdict.tripped
        ? `${r.report.verdict.breaker}${h ? ` @ ${h.iteration} (${h.trigger})` : ""}`
        : "none";
      console.log(`| ${ex.name} | ${r.shape} | ${lens} | ${seed} |`);
    }
  }
}

async function seedHalt(paths: string[], runId: string, named: string | null): Promise<string> {
  const { files } = collectFiles(paths);
  const { records } = await readRecords(files, undefined, { quiet: true, runId: named });
  const own = records.filter((r) => r.runId === runId);
  const report = await analyzeRun(buildMemoryInput(runId, own), DEFAULT_SETTINGS);
  const h = verdictStopOf(report);
  return h
    ? `${report.verdict.breaker} @ ${h.iteration} (${h.trigger})`
    : report.verdict.tripped
      ? String(report.verdict.breaker)
      : "none";
}

export async function run(args: string[]): Promise<void> {
  const dirs = args.filter((a) => !a.startsWith("--"));
  if (dirs.length === 0) {
    console.error("usage: npm run bench -- findings DIR… (folders of real runs; an outcomes.json beside them is read)");
    process.exit(1);
  }
  const sets = await Promise.all(
    dirs.map(async (d) => ({ name: path.basename(path.resolve(d)), runs: await gradeRuns([d]) })),
  );
  console.log("\n### Sets with outcomes\n");
  console.log(
    "| set | runs | successes | failures | halted successes | halted failures | halt at (median share) | saved on failures | lost on successes |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const s of sets) if (s.runs.some((r) => r.status !== "unknown")) printOutcomeSet(s.name, s.runs);
  console.log("\n### Sets without outcomes\n");
  console.log(
    "| set | sessions | shapes | verdicts | notes | alarmed bottlenecks | read-only tools or human waits slow/overcalled | rate-limit pauses |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const s of sets) if (!s.runs.some((r) => r.status !== "unknown")) printSessionSet(s.name, s.runs);
  printGuardSets(sets);
  await printStuckExamples(path.resolve(import.meta.dirname, "../../examples"));
}
