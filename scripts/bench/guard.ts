// `npm run bench -- guard [--turns 100] [--calls 5]` — the live guard (docs/guard.md):
//  1. Decisions per second and p50/p99 latency of POST /api/v1/runs/{id}/guard, per
//     kind of hook (a call's PreToolUse and PostToolUse; a turn's Stop, which reads
//     the run's analysis), on PGlite and on Postgres, for a recorded-style session
//     of --turns turns of --calls calls each, beside the floor of one decision: a
//     read and a compare-and-set write of one row, on the same database.
//  2. What a Claude Code hook costs end to end: `loopscope guard` as a process,
//     stdin to stdout, against the route behind a bare node:http server.
//  3. The replay check: every example run — each file's records as its importer reads
//     them — sent record by record through the guard gives the trips, the halt and the
//     savings of the run's analysis; prints each run's figures and whether they match.
// The route runs in-process (no Next.js), with accounts off. Nothing here asserts a time.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import { POST, GET } from "@/app/api/v1/runs/[runId]/guard/route";
import { getAnalysis } from "@/app/_server/analysis";
import { openDatabase, type DbHandle } from "@/db/client";
import { importItemsOf } from "@/lib/import/open-import";
import type { GuardAnswer, GuardLog } from "@/lib/schemas/guard";
import { argValue, figure, percentile, rate, tempPostgres } from "./support";

const ROOT = process.cwd();
type Hook = Record<string, unknown>;

function useHandle(h: DbHandle) {
  (globalThis as unknown as { loopscopeDb?: Promise<DbHandle> }).loopscopeDb = Promise.resolve(h);
}

async function post(runId: string, body: unknown): Promise<GuardAnswer> {
  const res = await POST(
    new Request(`http://bench.local/api/v1/runs/${runId}/guard`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({ runId }) },
  );
  if (res.status !== 200) throw new Error(`guard answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as GuardAnswer;
}

/** A session's hooks: per turn a prompt, `calls` calls (every 7th failing) and a Stop. */
function sessionHooks(sessionId: string, turns: number, calls: number): Hook[] {
  const out: Hook[] = [{ hook_event_name: "SessionStart", session_id: sessionId }];
  for (let t = 0; t < turns; t++) {
    out.push({ hook_event_name: "UserPromptSubmit", session_id: sessionId, prompt: `task ${t}` });
    for (let c = 0; c < calls; c++) {
      const k = t * calls + c;
      const base = {
        session_id: sessionId,
        tool_name: "Bash",
        tool_use_id: `toolu_${k}`,
        tool_input: { command: `make step-${k % 40}` },
      };
      out.push({ hook_event_name: "PreToolUse", ...base });
      out.push(
        k % 7 === 3
          ? { hook_event_name: "PostToolUseFailure", ...base, error: `Exit code 2\nerror: step ${k} failed` }
          : { hook_event_name: "PostToolUse", ...base, tool_response: { stdout: `ok ${k}`, stderr: "" } },
      );
    }
    out.push({ hook_event_name: "Stop", session_id: sessionId });
  }
  return out;
}

async function decisionFigures(label: string, h: DbHandle, turns: number, calls: number) {
  useHandle(h);
  const hooks = sessionHooks(`bench-${label}`, turns, calls);
  const runId = `cc-bench-${label}`;
  const byKind = new Map<string, number[]>();
  const t0 = performance.now();
  for (const [i, hook] of hooks.entries()) {
    const start = performance.now();
    await post(runId, { hook, ts: 1_790_000_000 + i });
    const kind = hook.hook_event_name === "Stop" ? "turn end (Stop)" : "per call (Pre/PostToolUse)";
    if (String(hook.hook_event_name).includes("ToolUse") || kind.startsWith("turn")) {
      const xs = byKind.get(kind) ?? [];
      xs.push(performance.now() - start);
      byKind.set(kind, xs);
    }
  }
  const totalMs = performance.now() - t0;
  figure(`${label}: decisions, one after another`, rate(hooks.length, totalMs), `${hooks.length} hooks`);
  for (const [kind, xs] of byKind) {
    figure(`${label}: ${kind} p50 / p99`, `${percentile(xs, 0.5).toFixed(1)} / ${percentile(xs, 0.99).toFixed(1)} ms`);
  }
  // A turn's end reads the run's analysis, so it grows with the run (docs/guard.md#what-it-decides): its first and last tenth.
  const ends = byKind.get("turn end (Stop)") ?? [];
  const tenth = Math.max(1, Math.floor(ends.length / 10));
  figure(
    `${label}: turn end, first / last tenth p50`,
    `${percentile(ends.slice(0, tenth), 0.5).toFixed(1)} / ${percentile(ends.slice(-tenth), 0.5).toFixed(1)} ms`,
    `turns 1–${tenth} vs ${ends.length - tenth + 1}–${ends.length}: O(run) per turn`,
  );
  // The floor: one decision reads and writes one row.
  const floor: number[] = [];
  for (let i = 0; i < 200; i++) {
    const start = performance.now();
    await h.db.execute(sql`SELECT state, version FROM guard_runs WHERE run_id = ${runId}`);
    await h.db.execute(sql`UPDATE guard_runs SET version = version WHERE run_id = ${runId} AND version >= 0`);
    floor.push(performance.now() - start);
  }
  figure(
    `${label}: floor, a row read + CAS write p50`,
    `${percentile(floor, 0.5).toFixed(2)} ms`,
    "the physical limit beside it",
  );
}

/** `loopscope guard` as Claude Code runs it: a process per hook, against the route over HTTP. */
async function hookProcessFigures(h: DbHandle) {
  useHandle(h);
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const runId = decodeURIComponent(/\/runs\/([^/]+)\/guard/.exec(req.url ?? "")?.[1] ?? "x");
      void POST(
        new Request(`http://127.0.0.1${req.url}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        }),
        {
          params: Promise.resolve({ runId }),
        },
      ).then(async (r) => res.writeHead(r.status, { "content-type": "application/json" }).end(await r.text()));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const hook = {
      hook_event_name: "PreToolUse",
      session_id: "bench-process",
      tool_name: "Read",
      tool_use_id: `p${i}`,
      tool_input: { file_path: `/f${i}` },
    };
    const start = performance.now();
    await new Promise<void>((resolve) => {
      const child = spawn(process.execPath, [path.join(ROOT, "bin/loopscope.mjs"), "guard", "--url", url]);
      child.on("close", () => resolve());
      child.stdin.end(JSON.stringify(hook));
    });
    times.push(performance.now() - start);
  }
  const bare: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    await new Promise<void>((resolve) => spawn(process.execPath, ["-e", "0"]).on("close", () => resolve()));
    bare.push(performance.now() - start);
  }
  server.close();
  figure(
    "a hook end to end (`loopscope guard` process) p50",
    `${percentile(times, 0.5).toFixed(0)} ms`,
    `max ${Math.max(...times).toFixed(0)} ms`,
  );
  figure(
    "  beside: a bare `node -e 0` process p50",
    `${percentile(bare, 0.5).toFixed(0)} ms`,
    "the physical limit of a hook process",
  );
}

/** The records of an example file or folder as an upload reads them: each file's importer's wire records, in order. */
async function exampleRecords(files: string[], runId: string | null): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (const file of files) {
    for (const item of await importItemsOf(readFileSync(file), path.basename(file), runId)) {
      if ("value" in item && typeof item.value === "object" && item.value !== null)
        out.push(item.value as Record<string, unknown>);
      else if ("text" in item) out.push(JSON.parse(item.text) as Record<string, unknown>);
    }
  }
  return out;
}

/** One run's records through the guard, one by one; prints its figures and returns how many checks failed. */
async function replayOne(
  h: DbHandle,
  { name, runId, records }: { name: string; runId: string; records: Record<string, unknown>[] },
): Promise<number> {
  const start = performance.now();
  for (const r of records) await post(runId, { records: [r] });
  const ms = performance.now() - start;
  const final = await post(runId, {});
  const log = (await (
    await GET(new Request(`http://bench.local/api/v1/runs/${runId}/guard`), { params: Promise.resolve({ runId }) })
  ).json()) as GuardLog;
  const report = await getAnalysis(h.db, runId);
  const trips = (b: string) => log.decisions.filter((d) => d.decision === "trip" && d.breaker === b).length;
  const openings = report.tool_breakers.reduce((n, b) => n + b.opened.length, 0);
  // The verdict stops the run when it is the loop breaker's halt or a three-layer trip (docs/analysis.md#verdict).
  const stops = report.verdict.breaker === "loop_breaker" || report.verdict.breaker === "layers";
  const checks = {
    "tool-breaker trips": trips("tool_breaker") === openings,
    "identical-call trips": trips("identical_calls") === report.repeated_calls.length,
    "halted iff the verdict stops the run": (final.would === "halt") === stops,
    "the halt is the verdict's stop":
      !stops || (log.halt?.breaker === report.verdict.breaker && log.halt.iteration === report.verdict.iteration),
    savings: !stops || JSON.stringify(report.verdict.would_save) === JSON.stringify(final.would_save),
  };
  const failed = Object.entries(checks)
    .filter(([, ok]) => !ok)
    .map(([k]) => k);
  const halt = log.halt ? `halt ${log.halt.breaker}@${log.halt.iteration ?? "-"}` : "no halt";
  figure(
    `replay ${name}`,
    failed.length === 0 ? "matches" : `MISMATCH: ${failed.join(", ")}`,
    `${records.length} records, ${rate(records.length, ms)}; ${openings} opening(s), ${report.repeated_calls.length} repeat(s), ${halt}; post-mortem: ${report.verdict.breaker ?? "no verdict"}`,
  );
  return failed.length;
}

/** Every example run, its records sent one by one through the guard, against its analysis. */
async function replayCheck(h: DbHandle) {
  useHandle(h);
  const dir = path.join(ROOT, "examples");
  const examples = readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === "bad-lines.jsonl" || e.name === "README.md") return [];
    if (!e.isDirectory()) return [{ name: e.name, files: [path.join(dir, e.name)] }];
    const inside = readdirSync(path.join(dir, e.name))
      .sort()
      .map((f) => path.join(dir, e.name, f));
    // A loop script's sessions are one run (`--run`); the other folders hold one run per file.
    return e.name.startsWith("loop-script")
      ? [{ name: `${e.name}/`, files: inside }]
      : inside.map((f) => ({ name: `${e.name}/${path.basename(f)}`, files: [f] }));
  });
  let mismatches = 0;
  for (const { name, files } of examples) {
    const runId = `replay-${name.replace(/[^a-z0-9-]/gi, "-")}`;
    // A loop script's sessions are sent as `loopscope ingest --run` sends them: the importer reads them as one loop.
    const records = await exampleRecords(files, name.endsWith("/") ? runId : null);
    const runIds = [...new Set(records.flatMap((r) => (typeof r.run_id === "string" ? [r.run_id] : [])))];
    // A file of several runs (tau-bench's) is several guards: each run's records to its own.
    const parts =
      runIds.length > 1 && !name.endsWith("/")
        ? runIds.map((id) => ({
            name: `${name} ${id}`,
            runId: `${runId}-${id}`,
            records: records.filter((r) => r.run_id === id),
          }))
        : [{ name, runId, records }];
    for (const part of parts) mismatches += await replayOne(h, part);
  }
  figure("replay check", mismatches === 0 ? "every example matches" : `${mismatches} mismatch(es)`);
}

export async function run(args: string[]) {
  process.env.LOOPSCOPE_AUTH = "off";
  const turns = argValue(args, "turns", 100);
  const calls = argValue(args, "calls", 5);
  const pglite = await openDatabase({ memory: true });
  try {
    await decisionFigures("PGlite", pglite, turns, calls);
    await hookProcessFigures(pglite);
    await replayCheck(pglite);
  } finally {
    await pglite.close();
  }
  const pg = await tempPostgres("guard");
  try {
    await decisionFigures("Postgres", pg, turns, calls);
  } finally {
    await pg.close();
  }
}
