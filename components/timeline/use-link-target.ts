// A link's target on the timeline (docs/dashboard.md#links-to-the-timeline):
// `view=`, `span=` and `at=` from the page's search params. On mount and
// whenever a link on the page changes them (a client navigation re-renders
// the tab with new params, same component), the view, selection and
// highlighted moment are set, and once the rows that hold the target have
// arrived they are scrolled to: the span's row, or for a moment the first
// row whose bar covers it, put at the top so its bars are on screen.
import { useEffect, useState } from "react";
import type { ViewRange } from "@/lib/timeline/layout";
import { rowAtMoment, rowExtent, type TimelineRow } from "@/lib/timeline/rows";
import type { SpanStore } from "@/lib/timeline/store";
import { formatViewParam } from "@/lib/timeline/url-state";

export type LinkTarget = { view: ViewRange | null; span: string | null; at: number | null };
export type Reveal = { index: number; seq: number; align: "start" | "auto" };

type Data = { rows: readonly TimelineRow[]; store: SpanStore; selectedRow: number; done: boolean };

export function useLinkTarget(
  target: LinkTarget,
  apply: (t: LinkTarget) => void,
  data: Data,
  onReveal: (r: Reveal) => void,
): void {
  const key = `${target.view ? formatViewParam(target.view) : ""}|${target.span ?? ""}|${target.at ?? ""}`;
  const [seen, setSeen] = useState(key);
  const [pending, setPending] = useState(target.view !== null || target.span !== null);
  if (seen !== key) {
    setSeen(key);
    setPending(target.view !== null || target.span !== null);
    apply(target);
  }
  const { rows, store, selectedRow, done } = data;
  useEffect(() => {
    if (!pending) return;
    let index = -1;
    if (target.span !== null) index = selectedRow;
    else if (target.view) {
      const at = target.at ?? (target.view.startMs + target.view.endMs) / 2;
      index = rowAtMoment(rows, store, at, target.view);
      // Before the last page, only a row that reaches the window is trusted: a later page may hold a better one.
      const [, t1] = index >= 0 ? rowExtent(rows[index]!, store) : [0, -Infinity];
      if (!done && t1 < target.view.startMs) index = -1;
    }
    if (index < 0) return;
    // Once per target, when the rows that hold it have arrived from the paged fetch.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPending(false);
    onReveal({ index, seq: Date.now(), align: target.span !== null ? "auto" : "start" });
  }, [pending, rows, store, selectedRow, done, target, onReveal]);
}
