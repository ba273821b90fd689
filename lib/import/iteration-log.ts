// docs/import.md#loop-breaker-iteration-log — the Markdown status log a
// loop-breaker harness appends after every iteration:
//
//   ## Iteration 7 — 2026-03-04T10:20:00Z      (em dash, en dash or hyphen)
//   - Circuit state: CLOSED
//   - Tests: 41 passed, 2 failed, 0 skipped
//   - API calls remaining: 61
//
// One iteration per heading (`n`, `ts`), its bullets read by
// iteration-log-fields.ts. Derived across iterations: `newly_passing` =
// passed − the previous logged passed (when it grew, else 0), `api_calls` =
// the drop in calls remaining since the previous iteration; a change of the
// logged circuit state (from CLOSED before the first iteration) is a
// `breaker` event: what the harness itself did. The run is the upload's, else
// the file's name without its extension; a `# Title` before the first
// iteration names it. Text outside iterations is skipped; a bullet that
// does not read is rejected with its line. O(lines); holds one iteration.
import { formatTimeUs, parseTimeUs } from "../time";
import type { ImportContext, ImportMapper, ImportOutput, Importer, IterationWire, TextItem } from "./types";
import { readBullet, type LoggedIteration } from "./iteration-log-fields";

export const ITERATION_LOG_FORMAT = "iteration-log";
/** Why a logged state change is a breaker event: the harness says so, Loopscope did not replay it. */
export const LOGGED_BREAKER_REASON = "logged by the harness";

const HEADING_RE = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const ITERATION_RE = /^iteration\s+#?(\d+)\s*[—–:-]\s*(.+)$/i;
const BULLET_START_RE = /^\s*[-*+]\s/;

/** The run of a log: the upload's, else its file name without directory and extension(s). */
export function iterationLogRunId(ctx: ImportContext): string {
  if (ctx.runId) return ctx.runId;
  const base = (ctx.fileName ?? "").split(/[\\/]/).pop() ?? "";
  const stem = base.replace(/\.gz$/i, "").replace(/\.(md|markdown|txt|log)$/i, "");
  return stem !== "" ? stem : "iteration-log";
}

type Open = { n: number; tsUs: number; lineNo: number; it: LoggedIteration };

function createMapper(ctx: ImportContext): ImportMapper<TextItem> {
  const runId = iterationLogRunId(ctx);
  const seen = new Map<number, number>();
  let title: { text: string; lineNo: number } | null = null;
  let open: Open | null = null;
  let rejectedHeading: number | null = null;
  let state = "CLOSED";
  let lastPassed: number | null = null;
  let lastRemaining: number | null = null;

  function* finish(): Iterable<ImportOutput> {
    if (open === null) return;
    const { n, tsUs, lineNo, it } = open;
    open = null;
    const f = it.fields;
    const passed = (f.tests as { passed?: number } | undefined)?.passed;
    if (passed !== undefined) {
      if (f.newly_passing === undefined && lastPassed !== null) f.newly_passing = Math.max(0, passed - lastPassed);
      lastPassed = passed;
    }
    const remaining = f.logged_api_calls_remaining as number | undefined;
    if (remaining !== undefined) {
      if (f.api_calls === undefined && lastRemaining !== null && lastRemaining >= remaining)
        f.api_calls = lastRemaining - remaining;
      lastRemaining = remaining;
    }
    const ts = formatTimeUs(tsUs);
    const source = { source_id: `iteration-${n}`, source_format: ITERATION_LOG_FORMAT };
    const record = { type: "iteration", run_id: runId, n, ts, ...f, ...source } as IterationWire;
    yield { lineNo, record };
    if (it.state !== null && it.state.value !== state) {
      const detail = `${state} → ${it.state.value} at iteration ${n}`;
      const event = { type: "event" as const, run_id: runId, ts, kind: "breaker", state: it.state.value };
      yield {
        lineNo: it.state.lineNo,
        record: { ...event, reason: LOGGED_BREAKER_REASON, detail, from: state, ...source },
      };
      state = it.state.value;
    }
  }

  function* heading(level: number, text: string, lineNo: number): Iterable<ImportOutput> {
    yield* finish();
    rejectedHeading = null;
    const m = ITERATION_RE.exec(text);
    if (!m) {
      if (level === 1 && title === null && seen.size === 0) title = { text, lineNo };
      else yield { lineNo, skipped: true };
      return;
    }
    const n = Number(m[1]);
    const time = (m[2] ?? "").trim();
    const tsUs = parseTimeUs(time);
    const first = seen.get(n);
    if (tsUs === null || first !== undefined) {
      rejectedHeading = lineNo;
      const error =
        tsUs === null
          ? `iteration heading: ${JSON.stringify(time.slice(0, 40))} is not an ISO-8601 time with an offset or Z`
          : `iteration ${n} is already on line ${first}`;
      yield { lineNo, error };
      return;
    }
    seen.set(n, lineNo);
    open = { n, tsUs, lineNo, it: { fields: {}, state: null, openList: null } };
  }

  return {
    *push({ lineNo, text }) {
      const line = text.replace(/^\uFEFF/, "").replace(/\r$/, "");
      const h = HEADING_RE.exec(line);
      if (h) yield* heading(h[1]?.length ?? 1, h[2] ?? "", lineNo);
      else if (line.trim() === "" || !BULLET_START_RE.test(line)) yield { lineNo, skipped: true };
      else if (open !== null) {
        const error = readBullet(line, lineNo, open.it);
        if (error !== null) yield { lineNo, error };
      } else if (rejectedHeading !== null) {
        yield { lineNo, error: `belongs to the rejected iteration heading on line ${rejectedHeading}` };
      } else yield { lineNo, skipped: true };
    },
    *end() {
      yield* finish();
      if (title !== null)
        yield {
          lineNo: title.lineNo,
          record: { type: "run", run_id: runId, name: title.text, shape: "loop", source_format: ITERATION_LOG_FORMAT },
        };
    },
  };
}

export const iterationLogImporter: Importer = { format: "iteration-log", input: "text", create: createMapper };
