// docs/import.md#swe-agent-trajectories — SWE-agent trajectories (`*.traj`),
// read whole (one JSON document, line 1). One run (swe-agent-run.ts); each
// `trajectory` entry one step: an `llm` span and a tool span for its
// `action` (swe-agent-steps.ts). The file keeps no per-step tokens, so
// `info.model_stats` `tokens_sent` / `tokens_received` are spread evenly
// over the steps (the spans say `tokens: spread`), and `instance_cost` with
// them. The file keeps no times either: the steps end at the file's
// modification time (else at ESTIMATE_ANCHOR_US), each model call taking
// one second and each action its `execution_time` (one second without
// one), and the run says `timing: estimated`. A step's llm span keeps what
// the model wrote (the entry's `response`, else its thought and action) as its
// output. O(entries).
import type { ImportContext, ImportOutput, Importer, JsonItem } from "./types";
import { ESTIMATE_ANCHOR_US } from "./claude-code-stream";
import { readSweDocument, sweRun, type SweDocument } from "./swe-agent-run";
import { readState, readSweCall } from "./swe-agent-steps";
import { num, runRecord } from "./trajectory-run";
import { spreadMissingCost, stepRecords, type TrajectoryStep } from "./trajectory-steps";
import { SECOND_US } from "./trajectory-times";
import { cutText, TEXT_CAP_BOUNDS } from "./text-caps";

type Obj = Record<string, unknown>;
const FORMAT = "swe-agent" as const;
const LLM_ESTIMATE_US = SECOND_US;

const text = (v: unknown): string => (typeof v === "string" ? v : "");

/** What the model wrote for an entry: its `response`, else its thought and its action. */
function replyOf(e: Obj): string | null {
  if (text(e.response).trim() !== "") return text(e.response);
  const parts = [text(e.thought), text(e.action)].filter((t) => t.trim() !== "");
  return parts.length > 0 ? parts.join("\n\n") : null;
}

/** `total` split into `n` whole shares that sum to it, the larger ones first. */
function evenShares(total: number | null, n: number): (number | null)[] {
  if (total === null) return Array.from({ length: n }, () => null);
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => base + (i < total - base * n ? 1 : 0));
}

/** How long an entry's action ran: its `execution_time`, else one second; nothing without an action. */
function actionUs(e: Obj): number {
  if (text(e.action).trim() === "") return 0;
  const s = num(e.execution_time);
  return s !== null && s >= 0 ? Math.round(s * 1e6) : SECOND_US;
}

function stepsOf(doc: SweDocument, endUs: number): TrajectoryStep[] {
  const n = doc.entries.length;
  const sent = evenShares(doc.stats.tokensSent, n);
  const received = evenShares(doc.stats.tokensReceived, n);
  let cursor = endUs - doc.entries.reduce((sum, e) => sum + LLM_ESTIMATE_US + actionUs(e), 0);
  return doc.entries.map((e, i) => {
    // Each step starts just after the previous one ends: its spans fall inside it.
    const startUs = i === 0 ? cursor : cursor + 1;
    const llmEndUs = cursor + LLM_ESTIMATE_US;
    cursor = llmEndUs + actionUs(e);
    const action = text(e.action);
    const observation = text(e.observation);
    const call = action.trim() !== "" ? readSweCall(action, observation, readState(e.state)) : null;
    const step: TrajectoryStep = {
      n: i + 1,
      startUs,
      llm: {
        model: doc.model ?? FORMAT,
        t0Us: startUs,
        t1Us: llmEndUs,
        tokensIn: sent[i] ?? null,
        tokensOut: received[i] ?? null,
        cached: 0,
        costUsd: null,
        context: false,
        text: replyOf(e),
        meta: doc.stats.tokensSent !== null ? { tokens: "spread" } : {},
      },
      calls: [],
      formatError: null,
    };
    if (call !== null) {
      const ms = num(e.execution_time);
      step.calls.push({
        ...call,
        input: action,
        command: action,
        t0Us: llmEndUs,
        t1Us: cursor,
        output: cutText(observation, TEXT_CAP_BOUNDS.tool_output),
        meta: ms !== null ? { execution_time_s: ms } : {},
      });
    }
    return step;
  });
}

function mapDocument({ lineNo, value }: JsonItem, ctx: ImportContext): ImportOutput[] {
  const doc = readSweDocument(value, ctx);
  if (typeof doc === "string") return [{ lineNo, error: doc }];
  const endUs = ctx.endedAtUs ?? ESTIMATE_ANCHOR_US;
  const steps = stepsOf(doc, endUs);
  spreadMissingCost(steps, doc.stats.instanceCost);
  const run = sweRun(doc, ctx, steps[0]?.startUs ?? endUs);
  const ids = { runId: run.runId, trajectoryId: run.trajectoryId, format: FORMAT, lineNo };
  return [{ lineNo, record: runRecord(run) }, ...stepRecords(steps, ids, doc.task)];
}

export const sweAgentImporter: Importer = {
  format: FORMAT,
  input: "json",
  create: (ctx) => ({ push: (item) => mapDocument(item, ctx), end: () => [] }),
};
