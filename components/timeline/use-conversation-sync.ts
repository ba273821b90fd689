// The conversation pane beside the waterfall, kept in step with the timeline
// both ways (docs/dashboard.md#conversation). Timeline → pane: a span
// selected (on the rows, a lane, a comment) or a link's `#turn-<n>` /
// `#span-<id>` hash, or a halt line's iteration, becomes the pane's target:
// the call's message, else the turn it ran in (lib/conversation/anchors.ts).
// Pane → timeline: the turn the reader scrolled to the top becomes the
// timeline's focus — its first call's row scrolled to, its range shaded, the
// view moved only when none of the turn is in sight (lib/timeline/
// conversation-focus.ts). Neither direction feeds the other: following the
// pane never selects a span, and the pane reports only scrolls the reader
// made (timeline-conversation-pane.tsx), never its own.
import { useCallback, useMemo, useState, useSyncExternalStore, type Dispatch, type SetStateAction } from "react";
import { conversationAnchorOf } from "@/lib/conversation/anchors";
import { focusRowOf, turnFocusOf, viewForFocus, type TurnFocus } from "@/lib/timeline/conversation-focus";
import type { ViewRange } from "@/lib/timeline/layout";
import { rowIndexOfSpan, type TimelineRow } from "@/lib/timeline/rows";
import type { SpanStore } from "@/lib/timeline/store";
import { useConversationData, type ConversationData } from "./use-conversation-data";
import type { Reveal } from "./use-link-target";

type Target = ({ kind: "span"; spanId: string } | { kind: "anchor"; anchor: string }) & { seq: number };

type Args = {
  runId: string;
  initialOpen: boolean;
  store: SpanStore;
  rows: readonly TimelineRow[];
  selectedId: string | null;
  /** The run's start, epoch µs: the timeline's ms are from it, the conversation's times are epoch µs. */
  startUs: number;
  /** The view shown, and the run's bounds. */
  view: ViewRange;
  bounds: ViewRange;
  setView: (v: ViewRange) => void;
  setSelectedId: (id: string) => void;
  setReveal: Dispatch<SetStateAction<Reveal | null>>;
};

export type ConversationPaneState = {
  runId: string;
  open: boolean;
  data: ConversationData;
  /** The anchor to scroll to and highlight; `targetSeq` changes each time it is asked for again. */
  targetAnchor: string | null;
  targetSeq: number;
  onOpen: (open: boolean) => void;
  onTopTurn: (anchor: string) => void;
  onSelectSpan: (spanId: string) => void;
};

const PANE_HASH_RE = /^#((?:turn|span)-.+)$/;

export function useConversationSync(a: Args) {
  const { store, rows, startUs, view, bounds, setView, setSelectedId, setReveal } = a;
  const [open, setOpen] = useState(a.initialOpen);
  const data = useConversationData(a.runId, open);
  const hash = useSyncExternalStore(subscribeHash, readHash, () => "");
  const [target, setTarget] = useState<Target | null>(
    a.selectedId ? { kind: "span", spanId: a.selectedId, seq: 1 } : null,
  );
  const [seen, setSeen] = useState({ hash: "", span: a.selectedId });
  if (seen.hash !== hash || seen.span !== a.selectedId) {
    // A new selection, else a new hash, is the pane's new target (set while rendering: no effect round trip).
    const m = PANE_HASH_RE.exec(hash);
    const next: Target | null =
      seen.span !== a.selectedId && a.selectedId !== null
        ? { kind: "span", spanId: a.selectedId, seq: (target?.seq ?? 0) + 1 }
        : seen.hash !== hash && m
          ? { kind: "anchor", anchor: decodeURIComponent(m[1]!), seq: (target?.seq ?? 0) + 1 }
          : null;
    setSeen({ hash, span: a.selectedId });
    if (next) setTarget(next);
  }
  const turns = data.conversation?.turns;
  const targetAnchor = useMemo(() => {
    if (!target || !turns) return null;
    if (target.kind === "anchor") return target.anchor;
    const i = store.indexOf.get(target.spanId);
    return conversationAnchorOf(turns, target.spanId, i === undefined ? null : startUs + store.t0[i]! * 1000);
  }, [target, turns, store, startUs]);

  const [focus, setFocus] = useState<TurnFocus | null>(null);
  const reveal = useCallback(
    (r: number, align: Reveal["align"]) => {
      if (r >= 0) setReveal((v) => ({ index: r, seq: (v?.seq ?? 0) + 1, align }));
    },
    [setReveal],
  );
  const onTopTurn = useCallback(
    (anchor: string) => {
      const turn = turns?.find((t) => t.anchor === anchor);
      const f = turn ? turnFocusOf(turn, store, startUs) : null;
      setFocus(f);
      if (!f) return;
      reveal(focusRowOf(rows, f), "start");
      const moved = viewForFocus(f, view, bounds);
      if (moved) setView(moved);
    },
    [turns, store, startUs, reveal, rows, view, bounds, setView],
  );
  const onSelectSpan = useCallback(
    (spanId: string) => {
      setSelectedId(spanId);
      const i = store.indexOf.get(spanId);
      if (i !== undefined) reveal(rowIndexOfSpan(rows, i), "auto");
    },
    [setSelectedId, store, rows, reveal],
  );
  /** A halt line's or a link's turn: the pane opens on it. */
  const goToAnchor = useCallback((anchor: string) => {
    setOpen(true);
    setTarget((t) => ({ kind: "anchor", anchor, seq: (t?.seq ?? 0) + 1 }));
  }, []);

  const pane: ConversationPaneState = {
    runId: a.runId,
    open,
    data,
    targetAnchor,
    targetSeq: target?.seq ?? 0,
    onOpen: setOpen,
    onTopTurn,
    onSelectSpan,
  };
  return { open, pane, focus: open ? focus : null, goToAnchor };
}

function subscribeHash(onChange: () => void): () => void {
  window.addEventListener("hashchange", onChange);
  window.addEventListener("popstate", onChange);
  return () => {
    window.removeEventListener("hashchange", onChange);
    window.removeEventListener("popstate", onChange);
  };
}

const readHash = (): string => window.location.hash;
