// docs/import.md#openai-chat-runs — runs logged as OpenAI chat messages (the
// shape LiteLLM, tau-bench and most hand-written harnesses write): one run
// `{messages: […]}` (tau-bench: `traj`) with its other fields, a JSON list or
// JSONL of such runs, or one run written as a bare list of messages (each
// element, or line, a message). Each run → a run record (openai-chat-run.ts:
// id, name, labels, attrs, outcome; shape `autonomous`) and its steps
// (openai-chat-steps.ts). Elements of a list are numbered lineNo = index + 1,
// so a bad run is one rejected line naming the field, and the other runs are
// stored. Times: openai-chat-times.ts, which needs the whole file (a run's
// layout depends on its length and, for runs joining the upload's run, on
// the runs after it), so runs are held until the end. O(messages).
import { formatTimeUs } from "../time";
import { ESTIMATE_ANCHOR_US } from "./claude-code-stream";
import type { ImportContext, ImportMapper, ImportOutput, Importer, JsonItem, RunWire } from "./types";
import { isObj, readMessage, readMessages } from "./openai-chat-messages";
import { OPENAI_CHAT_FORMAT, runFactsOf, type ChatRun, type RunFacts } from "./openai-chat-run";
import { mapSteps } from "./openai-chat-steps";
import { fillTimes, laidOutUs, layoutStarts } from "./openai-chat-times";

const LIST_KEYS = ["messages", "traj"] as const;

/** A run object's message list key and its messages, or why it is not a run. */
function readRunObject(v: Record<string, unknown>, lineNo: number): ChatRun | string {
  const listKey = LIST_KEYS.find((k) => Array.isArray(v[k])) ?? null;
  if (listKey === null) return `"${LIST_KEYS.find((k) => k in v)}": not a list of chat messages`;
  const messages = readMessages(v[listKey] as unknown[], listKey);
  if (typeof messages === "string") return messages;
  return { lineNo, lineNos: null, listKey, fields: v, messages, source: v };
}

/** `laidOut`: no time anywhere, the run was placed by file time; `estimated`: some message had no time. */
type Layout = { facts: RunFacts; sessionId: string; times: number[]; laidOut: boolean; estimated: boolean };

/** Each run's facts, a session id unique in the file, and its message times. */
function layOut(runs: ChatRun[], ctx: ImportContext, joined: boolean): Layout[] {
  const facts = runs.map(runFactsOf);
  const used = new Set<string>();
  const durations = runs.map((r, k) =>
    r.messages.some((m) => m.tsUs !== null) || facts[k]!.startUs !== null ? null : laidOutUs(r.messages.length),
  );
  const endUs = ctx.endedAtUs ?? ESTIMATE_ANCHOR_US;
  const starts = layoutStarts(durations, endUs, joined);
  return runs.map((r, k) => {
    const f = facts[k]!;
    // A second run with the same id in one file is kept apart by its line.
    const sessionId = used.has(f.ownId) ? `${f.ownId}-${r.lineNo}` : f.ownId;
    used.add(sessionId);
    const times = fillTimes(
      r.messages.map((m) => m.tsUs),
      starts[k] ?? f.startUs ?? endUs,
    );
    const laidOut = durations[k] !== null;
    return { facts: f, sessionId, times, laidOut, estimated: laidOut || r.messages.some((m) => m.tsUs === null) };
  });
}

function runRecord(l: Layout, runId: string, own: boolean, startedUs: number | null, ctx: ImportContext): RunWire {
  const f = l.facts;
  const labels = {
    ...(own ? f.labels : {}),
    ...(l.estimated ? { timing: "estimated" } : {}),
    ...(l.laidOut && ctx.endedAtUs === null ? { time_anchor: "fixed" } : {}),
  };
  return {
    type: "run",
    run_id: runId,
    agent: OPENAI_CHAT_FORMAT,
    shape: "autonomous",
    ...(startedUs !== null ? { started_at: formatTimeUs(startedUs) } : {}),
    ...(own && f.name !== null ? { name: f.name } : {}),
    ...(Object.keys(labels).length > 0 ? { labels } : {}),
    ...(own && f.outcome !== null ? { outcome: f.outcome } : {}),
    ...(own ? f.attrs : {}),
    source_id: f.sourceId ?? l.sessionId,
    source_format: OPENAI_CHAT_FORMAT,
  };
}

function mapRuns(runs: ChatRun[], ctx: ImportContext): ImportOutput[] {
  // Several runs joining the upload's run: only the run itself is named, its steps laid end to end.
  const joined = ctx.runId !== null && runs.length > 1;
  const layouts = layOut(runs, ctx, joined);
  const endUs = ctx.endedAtUs ?? ESTIMATE_ANCHOR_US;
  const earliest = layouts.reduce((min, l) => Math.min(min, l.times[0] ?? l.facts.startUs ?? Infinity), Infinity);
  const firstUs = Number.isFinite(earliest) ? earliest : endUs;
  const out: ImportOutput[] = [];
  runs.forEach((r, k) => {
    const l = layouts[k]!;
    const runId = ctx.runId ?? l.sessionId;
    const startedUs = joined ? (k === 0 ? firstUs : null) : (l.times[0] ?? l.facts.startUs ?? endUs);
    out.push({ lineNo: r.lineNo, record: runRecord(l, runId, !joined, startedUs, ctx) });
    const lineOf = r.lineNos === null ? () => r.lineNo : (i: number) => r.lineNos![i] ?? r.lineNo;
    const keepBackLast = ctx.live && k === runs.length - 1;
    const { sessionId, times, facts } = l;
    out.push(...mapSteps({ runId, sessionId, model: facts.model, messages: r.messages, times, lineOf, keepBackLast }));
  });
  return out;
}

function createMapper(ctx: ImportContext): ImportMapper<JsonItem> {
  const runs: ChatRun[] = [];
  // A run written as a bare list of messages: its messages, one item each.
  let loose: (ChatRun & { lineNos: number[]; source: unknown[] }) | null = null;

  function* push({ lineNo, value }: JsonItem): Iterable<ImportOutput> {
    if (Array.isArray(value)) {
      const messages = readMessages(value, "");
      if (typeof messages === "string") return yield { lineNo, error: messages };
      runs.push({ lineNo, lineNos: null, listKey: null, fields: {}, messages, source: value });
    } else if (isObj(value) && LIST_KEYS.some((k) => k in value)) {
      const run = readRunObject(value, lineNo);
      if (typeof run === "string") return yield { lineNo, error: run };
      runs.push(run);
    } else if (isObj(value) && "role" in value) {
      const m = readMessage(value, "message");
      if (typeof m === "string") return yield { lineNo, error: m };
      if (loose === null) {
        loose = { lineNo, lineNos: [], listKey: null, fields: {}, messages: [], source: [] };
        runs.push(loose);
      }
      loose.messages.push(m);
      loose.lineNos.push(lineNo);
      loose.source.push(value);
    } else {
      yield { lineNo, error: 'not a chat run: no "messages" or "traj" list of messages, and not a message ("role")' };
    }
  }

  return { push, end: () => mapRuns(runs, ctx) };
}

export const openAiChatImporter: Importer = { format: OPENAI_CHAT_FORMAT, input: "json", create: createMapper };
