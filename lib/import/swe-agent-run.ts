// docs/import.md#swe-agent-trajectories — the document and the run of a
// SWE-agent trajectory (`.traj`: `trajectory`, `history`, `info`, maybe
// `environment` and `replay_config`). Run id: the upload's, else an
// instance id the document names (`info.instance_id`, an `environment`
// object's `instance_id`), else the file name without `.traj`, else the
// replayed problem statement's id, else a hash of the trajectory. Agent
// `swe-agent`, shape `autonomous`; the outcome from `info.exit_status`:
// `submitted` (any case) is `unknown`, any other status (`exit_cost`,
// `exit_format`, `submitted (exit_cost)`, …) a `failure`. The model is the
// replay config's `agent.model.name`. Labels `exit_status`, `model`,
// `instance_id` (the problem statement's id), `swe_agent_version`;
// attributes the `info.model_stats` figures. A document that is no object,
// or whose `trajectory` is not a list, is refused with the field named. The
// task — the first user message of `history` that is no demonstration — is
// the first step's prompt.
// Pure; O(entries).
import type { ImportContext } from "./types";
import {
  contentId,
  count,
  fileStem,
  isObj,
  num,
  outcomeOfExitStatus,
  str,
  timingLabels,
  type TrajectoryRun,
} from "./trajectory-run";

type Obj = Record<string, unknown>;
const FORMAT = "swe-agent" as const;
const FILE_EXTENSION_RE = /\.traj(?:\.json)?$/i;

export type SweDocument = {
  trajectoryId: string;
  entries: Obj[];
  /** The task: the first user message of `history` that is no demonstration; null without one. */
  task: string | null;
  exitStatus: string | null;
  model: string | null;
  problemId: string | null;
  version: string | null;
  stats: {
    instanceCost: number | null;
    tokensSent: number | null;
    tokensReceived: number | null;
    apiCalls: number | null;
  };
};

/** An object, or the object a JSON text holds; {} otherwise. */
function objectOf(v: unknown): Obj {
  if (isObj(v)) return v;
  if (typeof v !== "string") return {};
  try {
    const parsed = JSON.parse(v) as unknown;
    return isObj(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

const isSubmitted = (status: string): boolean => status.trim().toLowerCase() === "submitted";

/** A history message's text: a string, or the text parts of a content list. */
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((p) => (isObj(p) && typeof p.text === "string" ? p.text : "")).join("\n");
}

/** The first user message of the history that is no demonstration (`is_demo`, true or "True"). */
function taskOf(history: unknown): string | null {
  if (!Array.isArray(history)) return null;
  const task = history.find((m) => isObj(m) && m.role === "user" && String(m.is_demo ?? "").toLowerCase() !== "true");
  const text = isObj(task) ? contentText(task.content) : "";
  return text.trim() !== "" ? text : null;
}

/** The document's fields, or why it cannot be read. */
export function readSweDocument(value: unknown, ctx: ImportContext): SweDocument | string {
  if (!isObj(value)) return "swe-agent: not a JSON object";
  if (!Array.isArray(value.trajectory)) return 'swe-agent: "trajectory" is missing or not a list';
  if (value.info !== undefined && value.info !== null && !isObj(value.info))
    return 'swe-agent: "info" is not an object';
  const info = isObj(value.info) ? value.info : {};
  const stats = isObj(info.model_stats) ? info.model_stats : {};
  const replay = objectOf(value.replay_config);
  const agent = objectOf(replay.agent);
  const problemId = str(objectOf(replay.problem_statement).id);
  const envId = isObj(value.environment) ? str(value.environment.instance_id) : null;
  const ownId = str(info.instance_id) ?? envId;
  return {
    trajectoryId:
      ownId ??
      fileStem(ctx.fileName, FILE_EXTENSION_RE) ??
      problemId ??
      contentId(FORMAT, value.trajectory.slice(0, 3)),
    entries: value.trajectory.filter(isObj),
    task: taskOf(value.history),
    exitStatus: str(info.exit_status),
    model: str(objectOf(agent.model).name),
    problemId: ownId ?? problemId,
    version: str(info.swe_agent_version),
    stats: {
      instanceCost: num(stats.instance_cost),
      tokensSent: count(stats.tokens_sent),
      tokensReceived: count(stats.tokens_received),
      apiCalls: count(stats.api_calls),
    },
  };
}

export function sweRun(doc: SweDocument, ctx: ImportContext, startedAtUs: number): TrajectoryRun {
  const s = doc.stats;
  const labels: Record<string, string> = {
    ...(doc.exitStatus !== null ? { exit_status: doc.exitStatus } : {}),
    ...(doc.model !== null ? { model: doc.model } : {}),
    ...(doc.problemId !== null ? { instance_id: doc.problemId } : {}),
    ...(doc.version !== null ? { swe_agent_version: doc.version } : {}),
    ...timingLabels(true, ctx.endedAtUs === null),
  };
  const attrs: Obj = {
    ...(s.instanceCost !== null ? { instance_cost: s.instanceCost } : {}),
    ...(s.tokensSent !== null ? { tokens_sent: s.tokensSent } : {}),
    ...(s.tokensReceived !== null ? { tokens_received: s.tokensReceived } : {}),
    ...(s.apiCalls !== null ? { api_calls: s.apiCalls } : {}),
  };
  return {
    runId: ctx.runId ?? doc.trajectoryId,
    trajectoryId: doc.trajectoryId,
    format: FORMAT,
    name: ctx.runId === null ? doc.trajectoryId : null,
    startedAtUs,
    labels,
    outcome: outcomeOfExitStatus(doc.exitStatus, isSubmitted),
    attrs,
  };
}
