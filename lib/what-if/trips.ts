// docs/dashboard.md#what-if — the breaker trips of two analyses of one run and
// which appear or disappear between them. A trip is a breaker going OPEN
// (loop, permission, API; a failed probe's re-open included), a tool
// breaker's OPEN window, or a three-layer trip; it is the same trip in both
// analyses when its breaker and its time (or iteration) are the same.
// O(trips). Pure: reads the two reports only.
import type { AnalysisReport } from "../analysis/analyze";

export type TripReport = Pick<
  AnalysisReport,
  "loop_breaker" | "tool_breakers" | "permission_breaker" | "api_breaker" | "layers"
>;

export type Trip = {
  /** Stable across analyses: breaker + where. */
  key: string;
  breaker: "loop" | "tool" | "permission" | "api" | "three-layer";
  label: string;
  at: string;
  iteration?: number;
};

export type TripDiff = { appeared: Trip[]; disappeared: Trip[]; kept: Trip[] };

export function listTrips(r: TripReport): Trip[] {
  const trips: Trip[] = [];
  for (const t of r.loop_breaker.transitions.filter((x) => x.to === "OPEN"))
    trips.push({
      key: `loop@${t.iteration}`,
      breaker: "loop",
      label: `loop breaker opens at iteration ${t.iteration} (${t.reason})`,
      at: t.at,
      iteration: t.iteration,
    });
  for (const b of r.tool_breakers)
    for (const o of b.opened)
      trips.push({ key: `tool:${b.tool}@${o.at}`, breaker: "tool", label: `${b.tool} breaker opens`, at: o.at });
  for (const [breaker, name] of [
    ["permission", r.permission_breaker],
    ["api", r.api_breaker],
  ] as const)
    for (const t of name.transitions.filter((x) => x.to === "OPEN"))
      trips.push({ key: `${breaker}@${t.at}`, breaker, label: `${breaker} breaker opens`, at: t.at });
  for (const e of r.layers.events.filter((x) => x.kind === "trip"))
    trips.push({
      key: `layer:${e.layer}@${e.iteration ?? e.at}:${e.task_id ?? ""}`,
      breaker: "three-layer",
      label: `three-layer ${e.layer} trip (${e.value} > ${e.limit})`,
      at: e.at,
      ...(e.iteration !== undefined && { iteration: e.iteration }),
    });
  return trips.sort((a, b) => a.at.localeCompare(b.at) || a.key.localeCompare(b.key));
}

/** Trips only the what-if analysis has (appeared), only the logged one has (disappeared), and both. */
export function diffTrips(logged: TripReport, whatIf: TripReport): TripDiff {
  const before = listTrips(logged);
  const after = listTrips(whatIf);
  const beforeKeys = new Set(before.map((t) => t.key));
  const afterKeys = new Set(after.map((t) => t.key));
  return {
    appeared: after.filter((t) => !beforeKeys.has(t.key)),
    disappeared: before.filter((t) => !afterKeys.has(t.key)),
    kept: after.filter((t) => beforeKeys.has(t.key)),
  };
}
