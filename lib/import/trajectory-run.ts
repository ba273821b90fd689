// docs/import.md#mini-swe-agent-trajectories, docs/import.md#swe-agent-trajectories —
// the run of an agent trajectory: one autonomous session (`shape:
// "autonomous"`), its outcome read from the agent's exit status — a
// submission is `unknown` until a grader says (`detail` the status), any
// other exit status a `failure`, no status (a trajectory saved mid-run) no
// outcome — and the labels saying its times are estimated. Also the run id
// of a file name and of content that names none. Pure; O(1).
import { hashId } from "../ingest/assign-ids";
import type { OutcomeInput } from "../schemas/run-outcome";
import { formatTimeUs } from "../time";
import type { ImportFormat, RunWire } from "./types";

type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
export const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
export const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
/** A token count: a finite number ≥ 0, rounded; null otherwise. */
export const count = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v) && v >= 0 ? Math.round(v) : null;

const NAME_CHARS = 80;

/** The outcome an exit status says; null without one. */
export function outcomeOfExitStatus(status: string | null, submitted: (s: string) => boolean): OutcomeInput | null {
  if (status === null) return null;
  return { status: submitted(status) ? "unknown" : "failure", detail: status.slice(0, 2000) };
}

/** A file's base name without the given extension (`x.traj.json` → `x`); null when it is none of them. */
export function fileStem(fileName: string | null, extension: RegExp): string | null {
  if (fileName === null) return null;
  const base = fileName.split(/[/\\]/).pop() ?? "";
  const stem = base.replace(extension, "");
  return stem !== "" ? stem : null;
}

/** A deterministic id for a trajectory that names none: the format and a hash of its content. */
export const contentId = (format: ImportFormat, content: unknown): string =>
  `${format}-${hashId(format, JSON.stringify(content) ?? "").slice(0, 16)}`;

/** The run's name: the first non-empty line of a text, tags removed, 80 characters. */
export function firstLineOf(text: string | null): string | null {
  const line = (text ?? "")
    .split("\n")
    .map((l) => l.replace(/<\/?[\w-]+>/g, "").trim())
    .find((l) => l !== "");
  return line !== undefined ? line.slice(0, NAME_CHARS) : null;
}

export type TrajectoryRun = {
  runId: string;
  trajectoryId: string;
  format: ImportFormat;
  name: string | null;
  startedAtUs: number;
  labels: Record<string, string>;
  outcome: OutcomeInput | null;
  attrs: Obj;
};

/** The timing labels: `timing: estimated` when the times are estimated, `time_anchor: fixed` when not from the file. */
export function timingLabels(estimated: boolean, fixedAnchor: boolean): Record<string, string> {
  return {
    ...(estimated ? { timing: "estimated" } : {}),
    ...(estimated && fixedAnchor ? { time_anchor: "fixed" } : {}),
  };
}

export function runRecord(r: TrajectoryRun): RunWire {
  return {
    type: "run",
    run_id: r.runId,
    ...(r.name !== null ? { name: r.name } : {}),
    agent: r.format,
    started_at: formatTimeUs(r.startedAtUs),
    shape: "autonomous",
    ...(r.outcome !== null ? { outcome: r.outcome } : {}),
    labels: r.labels,
    ...r.attrs,
    source_id: r.trajectoryId,
    source_format: r.format,
  };
}
