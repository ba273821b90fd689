"use client";
// The conversation pane beside the waterfall (docs/dashboard.md#conversation):
// the run's turns as the Conversation tab draws them (ConversationTurnSection),
// its target — the selected span's message, or a link's turn — scrolled into
// sight and highlighted, and the turn at its top reported as the reader
// scrolls: an IntersectionObserver on the turns, debounced, and only after
// the reader's own wheel, touch, key or pointer (a scroll this pane made to
// reach its target is not reported, so the two sides never chase each
// other). "on the timeline" selects the span here instead of navigating.
// Which turn is at the top is lib/conversation/anchors.ts's to decide.
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { turnAtTop } from "@/lib/conversation/anchors";
import { plural } from "@/lib/plural";
import type { Conversation } from "@/lib/schemas/conversation";
import { ConversationTurnSection } from "@/components/run/conversation-tab";
import { runTabHref } from "@/components/run/run-tabs";
import type { ConversationPaneState } from "./use-conversation-sync";
import css from "./timeline-conversation-pane.module.css";

/** The turn at the top is read this long after the last scroll step. */
const SYNC_DEBOUNCE_MS = 150;
/** A scroll counts as the reader's within this long of their last wheel, touch, key or pointer. */
const INTENT_MS = 1200;
/** Space kept above a target scrolled to. */
const TARGET_GAP_PX = 8;
const PANE_ID = "timeline-conversation-pane";

export function TimelineConversationPane(p: ConversationPaneState) {
  if (!p.open) {
    return (
      <button
        type="button"
        className={css.handle}
        data-testid="conversation-pane-toggle"
        aria-expanded={false}
        aria-controls={PANE_ID}
        title="show the conversation beside the timeline"
        onClick={() => p.onOpen(true)}
      >
        Conversation
      </button>
    );
  }
  const { conversation, error } = p.data;
  return (
    <aside id={PANE_ID} className={css.pane} data-testid="conversation-pane" aria-label="Conversation">
      <div className={css.head}>
        <h2>Conversation</h2>
        <Link href={runTabHref(p.runId, "conversation")} className="muted">
          the whole tab
        </Link>
        <span className={css.spacer} />
        <button
          type="button"
          className="btn"
          data-testid="conversation-pane-toggle"
          aria-expanded={true}
          aria-controls={PANE_ID}
          aria-label="close the conversation"
          onClick={() => p.onOpen(false)}
        >
          ×
        </button>
      </div>
      {conversation ? (
        <PaneBody {...p} conversation={conversation} />
      ) : (
        <p className={error ? "error-text" : "muted"} role="status" style={{ padding: "0 10px" }}>
          {error ? `The conversation could not be read: ${error}` : "Reading the conversation…"}
        </p>
      )}
    </aside>
  );
}

type BodyProps = ConversationPaneState & { conversation: Conversation };

function PaneBody({ runId, conversation: c, targetAnchor, targetSeq, onTopTurn, onSelectSpan }: BodyProps) {
  const body = useRef<HTMLDivElement>(null);
  /** When the reader last wheeled, touched, pressed a key or a pointer here; 0 after a scroll of our own. */
  const intentAt = useRef(0);
  const reported = useRef<string | null>(null);
  const report = useRef(onTopTurn);
  const [topTurn, setTopTurn] = useState<string | null>(null);
  useEffect(() => {
    report.current = onTopTurn;
  });

  // Timeline → pane: the target into sight, unless it is already.
  useEffect(() => {
    const el = body.current;
    const target = el && targetAnchor ? el.querySelector<HTMLElement>(`[id="${CSS.escape(targetAnchor)}"]`) : null;
    if (!el || !target) return;
    intentAt.current = 0;
    reported.current = null;
    const box = el.getBoundingClientRect();
    const r = target.getBoundingClientRect();
    if (r.top >= box.top && r.bottom <= box.bottom) return;
    el.scrollTop += r.top - box.top - TARGET_GAP_PX;
  }, [targetAnchor, targetSeq, c]);

  // Pane → timeline: the turn at the top, once the reader's scrolling settles.
  useEffect(() => {
    const el = body.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => {
      if (Date.now() - intentAt.current > INTENT_MS) return;
      const top = el.getBoundingClientRect().top;
      const boxes = [...el.querySelectorAll<HTMLElement>('[data-testid="conversation-turn"]')].map((t) => {
        const r = t.getBoundingClientRect();
        return { anchor: t.id, top: r.top - top, bottom: r.bottom - top };
      });
      const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
      const anchor = turnAtTop(boxes, el.clientHeight, atEnd);
      if (anchor === null || anchor === reported.current) return;
      reported.current = anchor;
      setTopTurn(anchor);
      report.current(anchor);
    };
    const observer = new IntersectionObserver(
      () => {
        clearTimeout(timer);
        timer = setTimeout(measure, SYNC_DEBOUNCE_MS);
      },
      { root: el, threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    for (const t of el.querySelectorAll('[data-testid="conversation-turn"]')) observer.observe(t);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [c]);

  const intent = () => {
    intentAt.current = Date.now();
  };
  const onClickCapture = (e: React.MouseEvent) => {
    const link = (e.target as Element).closest('[data-testid="on-the-timeline"]');
    const spanId = link?.closest("[data-span-id]")?.getAttribute("data-span-id");
    if (!spanId || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault(); // before the link's own handler: select here, do not navigate
    onSelectSpan(spanId);
  };

  return (
    <div
      ref={body}
      className={`conversation ${css.body}`}
      data-testid="conversation-pane-scroll"
      data-top-turn={topTurn ?? undefined}
      role="region"
      aria-label="the conversation's turns"
      tabIndex={0}
      onWheel={intent}
      onTouchStart={intent}
      onTouchMove={intent}
      onKeyDown={intent}
      onPointerDown={intent}
      onClickCapture={onClickCapture}
    >
      {c.turns.length === 0 && <p className="muted empty">This run has no turns and no calls to show.</p>}
      {c.turns.map((turn) => (
        <ConversationTurnSection key={turn.anchor} runId={runId} turn={turn} highlight={targetAnchor} />
      ))}
      {c.moreSpans > 0 && (
        <p className="conversation-more">
          {plural(c.moreSpans, "more call")}
          {c.moreTurns > 0 && ` in ${plural(c.moreTurns, "more turn")}`}, on the timeline
        </p>
      )}
    </div>
  );
}
