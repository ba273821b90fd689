// docs/import.md#claude-code-headless-output — headless Claude Code output: `claude -p
// --output-format stream-json` (an `init` line, the session's assistant and
// user lines, a closing `result`) or `--output-format json` (the result
// alone). Mapped as a transcript (claude-code-session.ts) plus the result
// (claude-code-stream-result.ts). These lines carry no times, so the file is
// read whole before anything is mapped (such files are small): the session
// ends at the file's modification time (`ctx.endedAtUs`) and starts the
// result's `duration_ms` earlier (one second per line without a result); the
// lines are spread evenly in file order between, a line with its own
// `timestamp` keeps it, and the run is labelled `timing: estimated`. Without a
// modification time the session ends at a fixed anchor, ESTIMATE_ANCHOR_US
// (2000-01-01T00:00:00Z), labelled `time_anchor: fixed`: deterministic, and
// plainly not a real time. The run is `autonomous` (nobody prompts its turns);
// an error result gives it a failure outcome (claude-code-stream-result.ts).
// O(lines) time and memory.
import { parseTimeUs } from "../time";
import type { ImportContext, ImportOutput, Importer, JsonItem } from "./types";
import { readCcLine, type CcLine } from "./claude-code-lines";
import { createCcSession } from "./claude-code-session";
import { resultCalls, resultEvents, resultOutcome, spreadCost } from "./claude-code-stream-result";

export const ESTIMATE_ANCHOR_US = Date.UTC(2000, 0, 1) * 1000;
const SECOND_US = 1_000_000;

type Read = { lineNo: number; line: CcLine };

/** Times for lines without their own: spread evenly from end − duration to end, in file order. */
function lineTimes(lines: Read[], result: CcLine | null, endUs: number) {
  const durationMs = result ? (result as Record<string, unknown>).duration_ms : null;
  const spanUs =
    typeof durationMs === "number" && durationMs >= 0
      ? Math.round(durationMs * 1000)
      : Math.max(0, lines.length - 1) * SECOND_US;
  const startUs = endUs - spanUs;
  let estimated = false;
  const times = lines.map(({ line }, i) => {
    const own = parseTimeUs(line.timestamp);
    if (own !== null) return own;
    estimated = true;
    return lines.length === 1 ? endUs : startUs + Math.round((spanUs * i) / (lines.length - 1));
  });
  return { times, estimated, startUs };
}

function mapStream(items: JsonItem[], ctx: ImportContext): ImportOutput[] {
  const out: ImportOutput[] = [];
  const lines: Read[] = [];
  for (const { lineNo, value } of items) {
    const r = readCcLine(value);
    if ("error" in r) out.push({ lineNo, error: r.error });
    else if ("skipped" in r) out.push({ lineNo, skipped: true, kind: r.kind });
    else lines.push({ lineNo, line: r.line });
  }
  const result = lines.findLast(({ line }) => line.type === "result") ?? null;
  const endUs = ctx.endedAtUs ?? ESTIMATE_ANCHOR_US;
  const { times, estimated, startUs } = lineTimes(lines, result?.line ?? null, endUs);
  const session = createCcSession("claude-code-stream", ctx, { shape: "autonomous" });
  let llmSeen = false;
  lines.forEach(({ lineNo, line }, i) => {
    out.push(...session.push(line, lineNo, times[i]!));
    const s = session.state();
    if (s === null) return;
    if (line.type === "assistant" && !line.isApiErrorMessage && line.message?.model !== "<synthetic>") llmSeen = true;
    if (line !== result?.line) return;
    s.outcome = resultOutcome(line);
    out.push(...resultEvents(s, line, lineNo, times[i]!));
    if (!llmSeen) out.push(...resultCalls(s, line, lineNo, Math.min(startUs, times[i]!), times[i]!));
  });
  const s = session.state();
  if (s !== null && estimated) s.labels.timing = "estimated";
  if (s !== null && estimated && ctx.endedAtUs === null) s.labels.time_anchor = "fixed";
  const tail = session.end();
  const cost = result ? (result.line as Record<string, unknown>).total_cost_usd : null;
  if (typeof cost === "number" && Number.isFinite(cost)) spreadCost([...out, ...tail], cost);
  return [...out, ...tail];
}

export const claudeCodeStreamImporter: Importer = {
  format: "claude-code-stream",
  input: "json",
  create(ctx) {
    const items: JsonItem[] = [];
    return {
      push(item) {
        items.push(item);
        return [];
      },
      end: () => mapStream(items, ctx),
    };
  },
};
