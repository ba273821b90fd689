// The waterfall's selection and keyboard: the selected span is kept by id (so
// it survives new pages, folds and filters) and found among the rows; ↑↓
// select the previous or next row and bring it into view, ←→ fold and unfold
// the selected span, Escape clears the selection. A turn row stands for no
// span: it is never selected, and ↑↓ step over it to the next span's row.
import { useCallback, useMemo, type Dispatch, type SetStateAction } from "react";
import { rowIndexOfSpan, type TimelineRow } from "@/lib/timeline/rows";
import type { SpanStore } from "@/lib/timeline/store";
import type { Reveal } from "./use-link-target";

type Setters = {
  setSelectedId: (id: string | null) => void;
  setCollapsed: Dispatch<SetStateAction<ReadonlySet<string>>>;
  setReveal: Dispatch<SetStateAction<Reveal | null>>;
};

export function useRowSelection(
  store: SpanStore,
  rows: readonly TimelineRow[],
  selectedId: string | null,
  { setSelectedId, setCollapsed, setReveal }: Setters,
) {
  /** The selected span's index in the store, -1 when none. */
  const selected = selectedId === null ? -1 : (store.indexOf.get(selectedId) ?? -1);
  /** Its row, -1 when none or hidden by a fold or a filter. */
  const selectedRow = useMemo(() => (selected < 0 ? -1 : rowIndexOfSpan(rows, selected)), [rows, selected]);

  const selectRow = useCallback(
    (r: number, scroll = false) => {
      const row = rows[r];
      if (!row || row.kind === "turn") return;
      setSelectedId(store.ids[row.kind === "span" ? row.span : row.spans[0]!]!);
      if (scroll) setReveal((v) => ({ index: r, seq: (v?.seq ?? 0) + 1, align: "auto" }));
    },
    [rows, store, setSelectedId, setReveal],
  );
  const toggle = useCallback(
    (id: string) =>
      setCollapsed((c) => {
        const next = new Set(c);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [setCollapsed],
  );
  const onKey = (e: React.KeyboardEvent) => {
    const row = rows[selectedRow];
    if (e.key === "ArrowDown" || e.key === "ArrowUp")
      selectRow(nextSelectableRow(rows, selectedRow, e.key === "ArrowDown" ? 1 : -1), true);
    else if (
      (e.key === "ArrowLeft" || e.key === "ArrowRight") &&
      row?.kind === "span" &&
      row.hasChildren &&
      row.collapsed === (e.key === "ArrowRight")
    )
      toggle(store.ids[row.span]!);
    else if (e.key === "Escape") setSelectedId(null);
    else return;
    e.preventDefault();
  };
  return { selected, selectedRow, selectRow, toggle, onKey };
}

/** The next row from `from` in `step`'s direction that stands for a span (not a turn); `from` when none. */
function nextSelectableRow(rows: readonly TimelineRow[], from: number, step: 1 | -1): number {
  for (let r = Math.max(-1, from) + step; r >= 0 && r < rows.length; r += step) if (rows[r]!.kind !== "turn") return r;
  return from < 0 && step < 0 ? nextSelectableRow(rows, -1, 1) : from;
}
