// A span's status as the timeline colours it: ok, failed, or failed because
// the harness itself short-circuited the call (its own breaker was open,
// e.g. "熔断中") — shown apart from real failures. Decided once per distinct
// error text, so per-span lookups in the draw loop are O(1). And the
// timeline's own status line: how far its pages have loaded.
import { isHarnessShortCircuit } from "../analysis/tool-breaker";
import { formatCount } from "../format";
import { plural } from "../plural";
import type { SpanStore } from "./store";

export type SpanStatus = "ok" | "failed" | "short_circuit";

/** 1 for each error text of the store's table that is a harness short-circuit. */
export function shortCircuitTable(errors: readonly string[]): Uint8Array {
  return Uint8Array.from(errors, (e) => (isHarnessShortCircuit(e) ? 1 : 0));
}

export function spanStatus(store: Pick<SpanStore, "ok" | "error">, i: number, shortCircuit: Uint8Array): SpanStatus {
  if (store.ok[i]) return "ok";
  const e = store.error[i]!;
  return e >= 0 && shortCircuit[e] ? "short_circuit" : "failed";
}

export type TimelineLoad = {
  error: string | null;
  /** The run's span count; null until the run's first page arrives. */
  total: number | null;
  loaded: number;
  done: boolean;
  rows: number;
  filtered: boolean;
};

/** "loading 2,000 / 100,000 spans…", then "100,000 spans · 2,000 rows (filtered)". */
export function describeTimelineLoad(l: TimelineLoad): string {
  if (l.error) return `error: ${l.error}`;
  if (l.total === null) return "loading…";
  if (!l.done) return `loading ${formatCount(l.loaded)} / ${plural(l.total, "span")}…`;
  return `${plural(l.loaded, "span")} · ${plural(l.rows, "row")}${l.filtered ? " (filtered)" : ""}`;
}
