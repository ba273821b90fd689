// docs/import.md#mini-swe-agent-trajectories — the document and the run of
// a mini-swe-agent trajectory. Run id: the upload's, else `instance_id`
// exactly, else the file name without `.traj.json`, else a hash of the
// messages. Named after the instance id, else the task's first line; agent
// `mini-swe-agent`, shape `autonomous`; the outcome from `info.exit_status`
// (or the `exit` message's): `Submitted` is `unknown` (a patch awaits its
// grader), any other status a `failure`. Labels `instance_id`,
// `exit_status`, `model`, `mini_version`, `trajectory_format`; attributes
// `instance_cost` and `api_calls` of `info.model_stats`. A document that is
// no object, or whose `messages` is not a list, is refused with the field
// named. Pure; O(messages).
import type { ImportContext } from "./types";
import { actionRegexOf, formatErrorPrefixOf, readMessages, type MiniMessage } from "./mini-swe-agent-steps";
import {
  contentId,
  count,
  fileStem,
  firstLineOf,
  isObj,
  num,
  outcomeOfExitStatus,
  str,
  timingLabels,
  type TrajectoryRun,
} from "./trajectory-run";
import type { PlacedTimes } from "./trajectory-times";

const FORMAT = "mini-swe-agent" as const;
const FILE_EXTENSION_RE = /\.traj\.json$|\.json$/i;

export type MiniDocument = {
  instanceId: string | null;
  trajectoryId: string;
  messages: MiniMessage[];
  exitStatus: string | null;
  submitted: boolean;
  instanceCost: number | null;
  apiCalls: number | null;
  model: string;
  miniVersion: string | null;
  trajectoryFormat: string | null;
  actionRe: RegExp;
  formatErrorPrefix: string | null;
  task: string | null;
};

const isSubmitted = (status: string): boolean => status.toLowerCase() === "submitted";

/** The document's fields, or why it cannot be read. */
export function readMiniDocument(value: unknown, ctx: ImportContext): MiniDocument | string {
  if (!isObj(value)) return "mini-swe-agent: not a JSON object";
  if (!Array.isArray(value.messages)) return 'mini-swe-agent: "messages" is missing or not a list';
  if (value.info !== undefined && value.info !== null && !isObj(value.info)) {
    return 'mini-swe-agent: "info" is not an object';
  }
  const info = isObj(value.info) ? value.info : {};
  const stats = isObj(info.model_stats) ? info.model_stats : {};
  const config = isObj(info.config) ? info.config : {};
  const modelConfig = isObj(config.model) ? config.model : {};
  const messages = readMessages(value.messages);
  const exitMessage = messages.findLast((m) => m.role === "exit");
  const exitStatus = str(info.exit_status) ?? str(exitMessage?.extra.exit_status);
  const instanceId = str(value.instance_id) ?? str(info.instance_id);
  return {
    instanceId,
    trajectoryId:
      instanceId ?? fileStem(ctx.fileName, FILE_EXTENSION_RE) ?? contentId(FORMAT, value.messages.slice(0, 3)),
    messages,
    exitStatus,
    submitted: exitStatus !== null && isSubmitted(exitStatus),
    instanceCost: num(stats.instance_cost),
    apiCalls: count(stats.api_calls),
    model: str(modelConfig.model_name) ?? FORMAT,
    miniVersion: str(info.mini_version),
    trajectoryFormat: str(value.trajectory_format),
    actionRe: actionRegexOf(config),
    formatErrorPrefix: formatErrorPrefixOf(config),
    task: messages.find((m) => m.role === "user")?.text ?? null,
  };
}

/** The model the replies name most often (the first of equals), else the configured one. */
function mainModel(doc: MiniDocument): string {
  const counts = new Map<string, number>();
  for (const m of doc.messages) {
    const model = m.role === "assistant" && isObj(m.extra.response) ? str(m.extra.response.model) : null;
    if (model !== null) counts.set(model, (counts.get(model) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [model, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = model;
  return best ?? doc.model;
}

export function miniRun(
  doc: MiniDocument,
  ctx: ImportContext,
  startedAtUs: number,
  placed: PlacedTimes,
): TrajectoryRun {
  const own = ctx.runId === null;
  const labels: Record<string, string> = {
    ...(doc.instanceId !== null ? { instance_id: doc.instanceId } : {}),
    ...(doc.exitStatus !== null ? { exit_status: doc.exitStatus } : {}),
    model: mainModel(doc),
    ...(doc.miniVersion !== null ? { mini_version: doc.miniVersion } : {}),
    ...(doc.trajectoryFormat !== null ? { trajectory_format: doc.trajectoryFormat } : {}),
    ...timingLabels(placed.estimated, placed.fixedAnchor),
  };
  return {
    runId: ctx.runId ?? doc.trajectoryId,
    trajectoryId: doc.trajectoryId,
    format: FORMAT,
    name: own ? (doc.instanceId ?? firstLineOf(doc.task)) : null,
    startedAtUs,
    labels,
    outcome: outcomeOfExitStatus(doc.exitStatus, isSubmitted),
    attrs: {
      ...(doc.instanceCost !== null ? { instance_cost: doc.instanceCost } : {}),
      ...(doc.apiCalls !== null ? { api_calls: doc.apiCalls } : {}),
    },
  };
}
