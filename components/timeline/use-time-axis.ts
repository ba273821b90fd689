// The timeline's time axis (docs/dashboard.md#idle-folds): the idle stretches
// found in the loaded spans, iterations and events (lib/timeline/idle-folds.ts),
// and the axis that folds those not opened — recomputed when data, the
// folding settings or the rows' width change, never per frame. Also the name
// indices of the tools whose calls wait for a person, for their wait style.
import { useMemo } from "react";
import { findIdleFolds, idleAxis, type FoldParams } from "@/lib/timeline/idle-folds";
import type { SpanStore } from "@/lib/timeline/store";
import { LINEAR_AXIS, type IdleFold, type TimeAxis } from "@/lib/timeline/time-axis";
import type { TimelineRunInfo } from "@/lib/timeline/wire";

export type TimelineAxis = {
  /** Every idle stretch found, folded or opened. */
  folds: IdleFold[];
  axis: TimeAxis;
  waitNames: ReadonlySet<number>;
};

export function useTimeAxis(
  store: SpanStore,
  run: TimelineRunInfo | null,
  waits: readonly string[],
  x: { endMs: number; done: boolean; widthPx: number; params: FoldParams; opened: ReadonlySet<number> },
): TimelineAxis {
  const { endMs, done, widthPx, params, opened } = x;
  const waitNames = useMemo(() => {
    const tools = new Set(waits);
    return new Set(store.names.flatMap((n, i) => (tools.has(n) ? [i] : [])));
  }, [store.names, waits]);
  const points = useMemo(
    () => [...(run?.iterations ?? []).map((it) => it.ts_ms), ...(run?.events ?? []).map((e) => e.ts_ms)],
    [run],
  );
  const folds = useMemo(
    () =>
      findIdleFolds(
        {
          store,
          waitNames,
          points,
          endMs,
          knownUntilMs: done ? Infinity : store.count > 0 ? store.t0[store.count - 1]! : 0,
        },
        params.idleMs,
      ),
    [store, waitNames, points, endMs, done, params.idleMs],
  );
  const axis = useMemo(
    () =>
      params.fold
        ? idleAxis(
            folds.filter((f) => !opened.has(f.startMs)),
            endMs,
            widthPx,
          )
        : LINEAR_AXIS,
    [folds, opened, endMs, widthPx, params.fold],
  );
  return { folds, axis, waitNames };
}
