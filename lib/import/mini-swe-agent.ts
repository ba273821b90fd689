// docs/import.md#mini-swe-agent-trajectories — mini-swe-agent trajectories
// (`<instance_id>.traj.json`: `info`, `messages`, `instance_id`,
// `trajectory_format`), read whole (one JSON document, line 1). One run
// (mini-swe-agent-run.ts); each assistant message one step (mini-swe-agent-steps.ts):
// an `llm` span with the reply's model, tokens and cost (`extra.response.usage`,
// `extra.cost`), and a `bash` tool span per command, read from its
// observation (mini-swe-agent-observation.ts). Times: a reply's
// `extra.timestamp` or `extra.response.created`, an observation's
// `extra.timestamp`; the rest placed between them (trajectory-times.ts). A
// model call runs from the message before its reply to the reply, a command
// from the reply (or the previous observation) to its observation. What a
// command read and its edits' texts are read from the command itself
// (transcript/shell-files.ts, trajectory-output.ts). A reply's text is its
// llm span's output; the task (the first user message) is the first step's
// prompt. O(messages).
import type { ImportContext, ImportOutput, Importer, JsonItem } from "./types";
import { NO_RESULT_ERROR } from "../ingest/span-precedence";
import { readMiniObservation } from "./mini-swe-agent-observation";
import { miniRun, readMiniDocument, type MiniDocument } from "./mini-swe-agent-run";
import { readMiniSteps, type MiniMessage, type MiniStepRead } from "./mini-swe-agent-steps";
import { shellEditsOf, shellEditTextsOf } from "./trajectory-output";
import { filesReadBy } from "./transcript/shell-files";
import { count, isObj, num, runRecord, str } from "./trajectory-run";
import {
  spreadMissingCost,
  stepRecords,
  type TrajectoryCall,
  type TrajectoryLlm,
  type TrajectoryStep,
} from "./trajectory-steps";
import { parseTimeUs } from "../time";
import { placeTimes } from "./trajectory-times";
import { ESTIMATE_ANCHOR_US } from "./claude-code-stream";

const FORMAT = "mini-swe-agent" as const;
const OBSERVATION_WEIGHT = 1;
const MESSAGE_WEIGHT = 3;

/** A message's own time: a reply's `extra.timestamp` or `extra.response.created`, an observation's `extra.timestamp`. */
function ownTimeUs(m: MiniMessage): number | null {
  const response = isObj(m.extra.response) ? m.extra.response : {};
  const s = num(m.extra.timestamp) ?? (m.role === "assistant" ? num(response.created) : null);
  return s !== null && s > 0 ? parseTimeUs(s) : null;
}

function llmOf(m: MiniMessage | null, t0Us: number, t1Us: number, defaultModel: string): TrajectoryLlm {
  const response = m !== null && isObj(m.extra.response) ? m.extra.response : {};
  const usage = isObj(response.usage) ? response.usage : {};
  const details = isObj(usage.prompt_tokens_details) ? usage.prompt_tokens_details : {};
  const outDetails = isObj(usage.completion_tokens_details) ? usage.completion_tokens_details : {};
  const tokensIn = count(usage.prompt_tokens) ?? count(usage.input_tokens);
  const cached = Math.min(count(details.cached_tokens) ?? count(usage.cache_read_input_tokens) ?? 0, tokensIn ?? 0);
  const cost = [m?.extra.cost, usage.cost].map(num).find((c) => c !== null && c > 0) ?? null;
  const reasoning = count(outDetails.reasoning_tokens);
  return {
    model: str(response.model) ?? defaultModel,
    t0Us,
    t1Us,
    tokensIn,
    tokensOut: count(usage.completion_tokens) ?? count(usage.output_tokens),
    cached,
    costUsd: cost,
    context: m !== null,
    text: m?.text ?? null,
    meta: {
      ...(str(response.id) !== null ? { response_id: str(response.id) } : {}),
      ...(reasoning !== null && reasoning > 0 ? { reasoning_output_tokens: reasoning } : {}),
    },
  };
}

function callsOf(read: MiniStepRead, doc: MiniDocument, times: number[], lastStep: boolean): TrajectoryCall[] {
  let fromUs = times[read.reply ?? 0] as number;
  return read.commands.map((c, k) => {
    const at = read.observations[k];
    const obs = at !== undefined ? readMiniObservation(doc.messages[at] as MiniMessage) : null;
    const t0Us = fromUs;
    const t1Us = at !== undefined ? (times[at] as number) : t0Us;
    fromUs = t1Us;
    // The final command of a submitted run has no observation: the harness stopped on its output.
    const ok = obs?.ok ?? (lastStep && doc.submitted);
    return {
      name: c.name,
      input: c.command,
      command: c.command,
      t0Us,
      t1Us,
      ok,
      error: obs !== null ? obs.error : ok ? "" : NO_RESULT_ERROR,
      output: obs?.output ?? null,
      meta: obs?.meta ?? {},
      edits: ok ? shellEditsOf(c.command) : [],
      files: { read: filesReadBy(c.command), editTexts: shellEditTextsOf(c.command) },
    };
  });
}

function stepsOf(doc: MiniDocument, reads: MiniStepRead[], times: number[]): TrajectoryStep[] {
  return reads.map((read, i) => {
    const replyAt = read.reply ?? (read.formatError?.index as number);
    const beforeUs = replyAt > 0 ? (times[replyAt - 1] as number) + 1 : (times[0] as number);
    const t1Us = times[replyAt] as number;
    const reply = read.reply !== null ? (doc.messages[read.reply] as MiniMessage) : null;
    const fe = read.formatError;
    return {
      n: i + 1,
      startUs: Math.min(beforeUs, t1Us),
      llm: llmOf(reply, Math.min(beforeUs, t1Us), t1Us, doc.model),
      calls: callsOf(read, doc, times, i === reads.length - 1),
      formatError: fe !== null ? { text: fe.text, tsUs: times[fe.index] as number } : null,
    };
  });
}

function mapDocument({ lineNo, value }: JsonItem, ctx: ImportContext): ImportOutput[] {
  const doc = readMiniDocument(value, ctx);
  if (typeof doc === "string") return [{ lineNo, error: doc }];
  const reads = readMiniSteps(doc.messages, doc.actionRe, doc.formatErrorPrefix);
  const observed = new Set(reads.flatMap((r) => r.observations));
  // `doc.messages` is indexed by position in the file; messages without a role carry no time.
  const known = doc.messages.map((m) => ownTimeUs(m));
  const weights = doc.messages.map((m) => (observed.has(m.index) ? OBSERVATION_WEIGHT : MESSAGE_WEIGHT));
  const placed = placeTimes(known, weights, ctx.endedAtUs);
  const steps = stepsOf(doc, reads, placed.times);
  spreadMissingCost(steps, doc.instanceCost);
  const run = miniRun(doc, ctx, placed.times[0] ?? ctx.endedAtUs ?? ESTIMATE_ANCHOR_US, placed);
  const ids = { runId: run.runId, trajectoryId: run.trajectoryId, format: FORMAT, lineNo };
  return [{ lineNo, record: runRecord(run) }, ...stepRecords(steps, ids, doc.task)];
}

export const miniSweAgentImporter: Importer = {
  format: FORMAT,
  input: "json",
  create: (ctx) => ({ push: (item) => mapDocument(item, ctx), end: () => [] }),
};
