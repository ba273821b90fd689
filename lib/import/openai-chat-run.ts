// docs/import.md#openai-chat-runs — what a chat run's own fields say about
// it: its id (its `run_id`; else `chat-<id | trace_id | conversation_id>`;
// else `chat-<task_id>-<trial>`; else `chat-<hash of the content>`), its
// name (the first user message's first line, cut at a word, else
// `task <task_id>`), the model its calls are named after (`model` /
// `model_name`, at the top or in `info`, `config`, `metadata`), its outcome
// (`reward` ≥ 1 success, else failure, score = reward; else a boolean
// `success` / `resolved`), its labels (every other scalar field) and its
// attrs (objects such as tau-bench's `info`, kept as their first scalar
// leaves, breadth first, within caps, so a large `info` stays small). O(fields).
import { clipAtWord } from "../format-clip";
import { hashId } from "../ingest/assign-ids";
import { ID_MAX } from "../schemas/storable";
import type { OutcomeInput } from "../schemas/run-outcome";
import { isObj, ownTimeUs, type ChatMessage } from "./openai-chat-messages";

type Obj = Record<string, unknown>;
type Scalar = string | number | boolean;

export const OPENAI_CHAT_FORMAT = "openai-chat";
/** Calls of a run that names no model are named for the format. */
export const UNKNOWN_MODEL = OPENAI_CHAT_FORMAT;
const NAME_CHARS = 80;
const LABEL_CHARS = 200;
const ATTR_STRING_CHARS = 500;
const ATTR_LEAVES = 40;
const ATTR_VISITS = 2000;
const ID_KEYS = ["run_id", "id", "trace_id", "conversation_id"] as const;
const MODEL_KEYS = ["model", "model_name"] as const;
const START_KEYS = ["started_at", "start_time", "created_at", "timestamp", "created"] as const;
/** Keys of the run record itself: a source field of that name is kept as `field_<key>`. */
const RESERVED = new Set([
  "type",
  "run_id",
  "name",
  "agent",
  "started_at",
  "labels",
  "config",
  "shape",
  "outcome",
  "source_id",
  "source_format",
]);

/** One run as read: where it came from, its messages and its other top-level fields. */
export type ChatRun = {
  lineNo: number;
  /** Each message's line, for a run written one message per element; null: all on `lineNo`. */
  lineNos: number[] | null;
  /** The key of the message list (`messages`, `traj`), left out of the labels. */
  listKey: string | null;
  fields: Obj;
  messages: ChatMessage[];
  /** What the content hash reads when the run has no id. */
  source: unknown;
};

export type RunFacts = {
  ownId: string;
  sourceId: string | null;
  name: string | null;
  model: string;
  labels: Record<string, Scalar>;
  attrs: Obj;
  outcome: OutcomeInput | null;
  /** The run's own start (`started_at`, `created_at`, …), for messages without times. */
  startUs: number | null;
};

const scalarId = (v: unknown): string | null =>
  (typeof v === "string" && v !== "") || (typeof v === "number" && Number.isFinite(v)) ? String(v) : null;

function idOf(run: ChatRun): { ownId: string; sourceId: string | null } {
  const f = run.fields;
  const hashed = () => `chat-${hashId(OPENAI_CHAT_FORMAT, JSON.stringify(run.source) ?? "").slice(0, 16)}`;
  const fit = (id: string) => (id.length <= ID_MAX - 16 ? id : hashed());
  for (const key of ID_KEYS) {
    const id = scalarId(f[key]);
    if (id !== null) return { ownId: fit(key === "run_id" ? id : `chat-${id}`), sourceId: id };
  }
  const task = scalarId(f.task_id);
  const trial = scalarId(f.trial);
  if (task !== null) return { ownId: fit(`chat-${task}${trial !== null ? `-${trial}` : ""}`), sourceId: null };
  return { ownId: hashed(), sourceId: null };
}

function nameOf(run: ChatRun): string | null {
  const user = run.messages.find((m) => m.role === "user" && m.text.trim() !== "");
  const first = user?.text
    .split("\n")
    .map((l) => l.trim())
    .find((l) => l !== "");
  if (first) return clipAtWord(first, NAME_CHARS);
  const task = scalarId(run.fields.task_id);
  return task !== null ? `task ${task}` : null;
}

function modelOf(f: Obj): string {
  for (const holder of [f, f.info, f.config, f.metadata]) {
    if (!isObj(holder)) continue;
    for (const key of MODEL_KEYS) if (typeof holder[key] === "string" && holder[key] !== "") return holder[key];
  }
  return UNKNOWN_MODEL;
}

/** tau-bench `reward` (≥ 1: success), else a boolean `success` / `resolved`; none: null. */
export function outcomeOf(f: Obj): OutcomeInput | null {
  const reward = f.reward;
  if (typeof reward === "number" && Number.isFinite(reward)) {
    return { status: reward >= 1 ? "success" : "failure", score: reward, detail: `reward ${reward}` };
  }
  for (const key of ["success", "resolved"]) {
    const v = f[key];
    if (typeof v === "boolean") return { status: v ? "success" : "failure", detail: `${key}: ${v}` };
  }
  return null;
}

/** An object's scalar leaves by dotted path, breadth first: at most ATTR_LEAVES, strings cut. */
export function scalarLeaves(v: unknown): Obj {
  const out: Obj = {};
  const queue: [string, unknown][] = [["", v]];
  let leaves = 0;
  for (let i = 0; i < queue.length && i < ATTR_VISITS && leaves < ATTR_LEAVES; i++) {
    const [path, x] = queue[i]!;
    if (isObj(x) || Array.isArray(x)) {
      for (const [k, c] of Object.entries(x)) queue.push([path === "" ? k : `${path}.${k}`, c]);
    } else if (x !== null && x !== undefined) {
      out[path] = typeof x === "string" ? x.slice(0, ATTR_STRING_CHARS) : x;
      leaves += 1;
    }
  }
  return out;
}

function labelsAndAttrs(run: ChatRun): { labels: Record<string, Scalar>; attrs: Obj } {
  const labels: Record<string, Scalar> = {};
  const attrs: Obj = {};
  for (const [key, v] of Object.entries(run.fields)) {
    if (key === run.listKey || (ID_KEYS as readonly string[]).includes(key) || v === null) continue;
    const attrKey = RESERVED.has(key) ? `field_${key}` : key;
    if (typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v))) labels[key] = v;
    else if (typeof v === "string" && v.length <= LABEL_CHARS) labels[key] = v;
    else if (typeof v === "string") attrs[attrKey] = v.slice(0, ATTR_STRING_CHARS);
    else if (isObj(v) || Array.isArray(v)) attrs[attrKey] = scalarLeaves(v);
  }
  return { labels, attrs };
}

export function runFactsOf(run: ChatRun): RunFacts {
  return {
    ...idOf(run),
    name: nameOf(run),
    model: modelOf(run.fields),
    ...labelsAndAttrs(run),
    outcome: outcomeOf(run.fields),
    startUs: ownTimeUs(run.fields, START_KEYS),
  };
}
