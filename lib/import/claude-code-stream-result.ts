// docs/import.md#claude-code-headless-output — the `result` line that ends a headless
// `claude -p` session (and is all that `--output-format json` writes): the
// calls it denied (`permission_denials` → `permission_denied`, unless a tool
// result already said so), a stop by the harness (a subtype starting with
// `error_`, such as error_max_turns → a `breaker` event; with `is_error` it is
// also the run's failure outcome — a `success` result says nothing of whether
// the task was done right, so it leaves the outcome unknown), and the session's
// usage and cost. The cost, `total_cost_usd`, is the log's own figure: it is
// shared out over the session's llm spans by their tokens, weighted as Claude
// prices them, so that the run, its iteration, its models and its tasks all
// sum to it. A session whose model calls are not in the file (json output)
// gets one llm span per model of `modelUsage` (else one for the session)
// carrying usage and cost. O(denials + spans).
import { formatTimeUs } from "../time";
import type { OutcomeInput } from "../schemas/run-outcome";
import type { ImportOutput, SpanWire } from "./types";
import type { CcLine } from "./claude-code-lines";
import { CcUsage } from "./claude-code-lines";
import { ccEvent } from "./claude-code-events";
import type { CcState } from "./claude-code-state";
import { usageOf } from "./claude-code-spans";
import { subjectOf } from "./claude-code-tools";
import { spanTurnFields } from "./transcript/span-turns";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** `permission_denied` for each denial no tool result reported, and a `breaker` event for an `error_*` stop. */
export function resultEvents(s: CcState, l: CcLine, lineNo: number, tsUs: number): ImportOutput[] {
  const raw = l as Obj;
  const out: ImportOutput[] = [];
  const denials = Array.isArray(raw.permission_denials) ? raw.permission_denials.filter(isObj) : [];
  for (const d of denials) {
    const id = typeof d.tool_use_id === "string" ? d.tool_use_id : null;
    if (id !== null && s.denied.has(id)) continue;
    if (id !== null) s.denied.add(id);
    const tool = typeof d.tool_name === "string" ? d.tool_name : null;
    out.push({ lineNo, record: ccEvent(s, tsUs, "permission_denied", id, { tool, detail: subjectOf(d.tool_input) }) });
  }
  const subtype = l.subtype ?? "";
  if (subtype.startsWith("error_")) {
    out.push({ lineNo, record: ccEvent(s, tsUs, "breaker", l.uuid ?? null, { state: "OPEN", reason: subtype }) });
  }
  return out;
}

const OUTCOME_DETAIL_CHARS = 500;

/**
 * The run's outcome from its result: a failure when the subtype is an error
 * (`error_max_turns`, `error_during_execution`, …) or `is_error` is set
 * (detail: the error subtype, else `is_error: <the result's first line>`); null (unknown) otherwise.
 */
export function resultOutcome(l: CcLine): OutcomeInput | null {
  const raw = l as Obj;
  const subtype = l.subtype ?? "";
  if (subtype.startsWith("error")) return { status: "failure", detail: subtype.slice(0, OUTCOME_DETAIL_CHARS) };
  if (raw.is_error !== true) return null;
  const text = typeof raw.result === "string" ? (raw.result.split("\n").find((t) => t.trim() !== "") ?? "") : "";
  const detail = ["is_error", text.trim()].filter((p) => p !== "").join(": ");
  return { status: "failure", detail: detail.slice(0, OUTCOME_DETAIL_CHARS) };
}

/** One model's figures of `modelUsage` (camelCase), as usage and cost. */
function modelFigures(v: Obj) {
  const usage = usageOf({
    input_tokens: num(v.inputTokens),
    output_tokens: num(v.outputTokens),
    cache_read_input_tokens: num(v.cacheReadInputTokens),
    cache_creation_input_tokens: num(v.cacheCreationInputTokens),
  });
  return { usage, costUsd: num(v.costUSD) };
}

/**
 * The session's model calls when the file holds none: counted in the turn
 * (`num_turns` calls; their context is unknown) and drawn as llm spans over
 * the session. Returns the spans.
 */
export function resultCalls(s: CcState, l: CcLine, lineNo: number, startUs: number, endUs: number): ImportOutput[] {
  const raw = l as Obj;
  const parsed = CcUsage.safeParse(raw.usage);
  const total = usageOf(parsed.success ? parsed.data : null);
  const model = s.info.model ?? "claude";
  const calls = Math.max(1, Math.round(num(raw.num_turns) ?? 1));
  s.transcript.modelCall(lineNo, endUs, model, total, { context: false, calls });
  const turn = s.transcript.openTurn();
  const perModel = isObj(raw.modelUsage) ? Object.entries(raw.modelUsage).filter(([, v]) => isObj(v)) : [];
  const rows =
    perModel.length > 0
      ? perModel.map(([m, v]) => ({ model: m, ...modelFigures(v as Obj) }))
      : [{ model, usage: total, costUsd: null }];
  return rows.map(({ model: m, usage: u, costUsd }) => {
    const span: SpanWire = {
      type: "span",
      run_id: s.runId,
      span_id: `cc-result-${s.sessionId}-${m}`.slice(0, 512),
      parent_id: null,
      name: m,
      kind: "llm",
      t0: formatTimeUs(startUs),
      t1: formatTimeUs(endUs),
      ok: true,
      error: "",
      ...spanTurnFields(turn),
      tokens_in: u.input + u.cacheRead + u.cacheWrite,
      tokens_out: u.output,
      ...(costUsd !== null ? { cost_usd: costUsd } : {}),
      meta: {
        source_id: l.uuid ?? s.sessionId,
        source_format: s.format,
        model: m,
        num_turns: calls,
        cache_read_input_tokens: u.cacheRead,
        cache_creation_input_tokens: u.cacheWrite,
        ...(u.cacheWrite1h > 0 ? { cache_creation_1h_input_tokens: u.cacheWrite1h } : {}),
      },
    };
    return { lineNo, record: span };
  });
}

/**
 * A call's share of the session cost: its tokens weighted as Claude prices
 * them relative to an input token (5-minute cache write 1.25, 1-hour 2, cache
 * read 0.1, output 5).
 */
function costWeight(sp: SpanWire): number {
  const m = (sp.meta ?? {}) as Obj;
  const cacheRead = num(m.cache_read_input_tokens) ?? 0;
  const cacheWrite = num(m.cache_creation_input_tokens) ?? 0;
  const write1h = Math.min(num(m.cache_creation_1h_input_tokens) ?? 0, cacheWrite);
  const input = num(m.input_tokens) ?? (sp.tokens_in ?? 0) - cacheRead - cacheWrite;
  return input + 1.25 * (cacheWrite - write1h) + 2 * write1h + 0.1 * cacheRead + 5 * (sp.tokens_out ?? 0);
}

/** Share a session cost over its llm spans by their weighted tokens (evenly when none has any). */
export function spreadCost(outputs: ImportOutput[], costUsd: number): void {
  const spans = outputs
    .map((o) => ("record" in o ? o.record : null))
    .filter((r): r is SpanWire => r !== null && r.type === "span" && r.kind === "llm");
  if (spans.length === 0 || spans.some((sp) => sp.cost_usd != null)) return;
  const weight = costWeight;
  const total = spans.reduce((sum, sp) => sum + weight(sp), 0);
  for (const sp of spans) sp.cost_usd = total > 0 ? (costUsd * weight(sp)) / total : costUsd / spans.length;
}
