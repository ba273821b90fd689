"use client";
// The side panel of the selected span: what the page already holds (name,
// times, status) at once, then the whole span (full error, input, output,
// meta, tokens, iteration, task) from the API, and the state each replayed breaker was in at the
// span's start — for its tool, whether the replayed breaker was OPEN then, which
// is the replay's word, not the harness's: the call ran, as its status says —
// with the breakers and their states linked to the glossary; then the span's
// comment threads and a form to comment on it (docs/dashboard.md#comments).
import { useEffect, useState } from "react";
import { formatDuration, formatTokens } from "@/lib/format";
import type { SpanOut } from "@/lib/schemas/api";
import { SPAN_OUTPUT_MAX_CHARS } from "@/lib/schemas/records";
import { breakerStatesAt, type BreakerInputs } from "@/lib/timeline/overlays";
import type { SpanStatus } from "@/lib/timeline/status";
import { spanError, spanKind, spanName, type SpanStore } from "@/lib/timeline/store";
import type { CommentOut } from "@/lib/schemas/comments";
import { Term, TermText } from "@/components/shared/glossary-term";
import { CommentBox } from "@/components/comments/comment-box";
import css from "./timeline.module.css";

/** The calls the Conversation tab lists (docs/dashboard.md#conversation): its anchor for this span. */
const CONVERSATION_KINDS = new Set(["tool", "llm"]);

type Props = {
  runId: string;
  store: SpanStore;
  span: number;
  status: SpanStatus;
  breakers: BreakerInputs;
  startUs: number;
  /** The threads on this span (docs/dashboard.md#comments), replies included. */
  comments: CommentOut[];
  mentionNames: readonly string[];
  onClose: () => void;
};

const STATUS_TEXT: Record<SpanStatus, string> = {
  ok: "ok",
  failed: "failed",
  short_circuit: "short-circuited by the harness",
};

export function TimelineSpanPanel(p: Props) {
  const id = p.store.ids[p.span]!;
  // The full span, keyed by its id: a stale answer for another span is never shown.
  const [loaded, setLoaded] = useState<{ id: string; span: SpanOut | null } | null>(null);
  const full = loaded?.id === id ? loaded.span : null;
  useEffect(() => {
    const ac = new AbortController();
    fetch(`/api/v1/runs/${encodeURIComponent(p.runId)}/timeline/spans/${encodeURIComponent(id)}`, { signal: ac.signal })
      .then((r) => (r.ok ? (r.json() as Promise<SpanOut>) : null))
      .then((span) => setLoaded({ id, span }))
      .catch(() => {});
    return () => ac.abort();
  }, [p.runId, id]);
  const name = spanName(p.store, p.span);
  const t0 = p.store.t0[p.span]!;
  const states = breakerStatesAt(p.breakers, p.startUs, name, t0);
  const error = full?.error ?? spanError(p.store, p.span);
  const fields: [string, string][] = [
    ["span id", id],
    ["kind", spanKind(p.store, p.span)],
    ["status", STATUS_TEXT[p.status]],
    ["start", `+${formatDuration(t0)}${full ? ` (${full.t0})` : ""}`],
    ["duration", formatDuration(p.store.t1[p.span]! - t0)],
    ["parent", p.store.parentIds[p.span] ?? "—"],
    ["iteration", full?.iteration == null ? "—" : String(full.iteration)],
    ["task", full?.task_id ?? "—"],
    ["tokens in / out", full ? `${formatTokens(full.tokens_in)} / ${formatTokens(full.tokens_out)}` : "…"],
    ["cost", full?.cost_usd == null ? "—" : `$${full.cost_usd.toFixed(4)}`],
  ];
  const toolText =
    states.tool === "NONE"
      ? "CLOSED (never opened)"
      : states.tool === "OPEN"
        ? `OPEN since +${formatDuration(states.toolWindow!.startMs)} — replay: the replayed tool breaker would have blocked this call; the log says it ran (${STATUS_TEXT[p.status]})`
        : "CLOSED";
  return (
    <aside className={css.panel} data-testid="span-panel" data-span-id={id}>
      <div className="row">
        <h3 data-testid="span-panel-name">{name}</h3>
        <span className="spacer" />
        <button className="btn" onClick={p.onClose} aria-label="close">
          ×
        </button>
      </div>
      {CONVERSATION_KINDS.has(spanKind(p.store, p.span)) && (
        <a
          className="muted"
          href={`/runs/${encodeURIComponent(p.runId)}?tab=conversation#span-${id}`}
          data-testid="span-panel-conversation"
        >
          in the conversation →
        </a>
      )}
      <dl>
        {fields.map(([k, v]) => (
          <div key={k} style={{ display: "contents" }}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {error && (
        <>
          <div className="muted">error</div>
          <pre className={css.errorText} data-testid="span-panel-error">
            {error}
          </pre>
        </>
      )}
      <div className="muted">breakers at the span&apos;s start (Loopscope&apos;s replay, not the harness)</div>
      <dl data-testid="span-panel-breakers">
        <dt>{name}</dt>
        <dd data-state={states.tool}>
          <TermText text={toolText} kinds={["state"]} />
        </dd>
        <dt>
          <Term kind="breaker" name="loop" />
        </dt>
        <dd>
          <TermText text={states.loop} kinds={["state"]} />
        </dd>
        <dt>
          <Term kind="breaker" name="permission" />
        </dt>
        <dd>
          <TermText text={states.permission} kinds={["state"]} />
        </dd>
        <dt>
          <Term kind="breaker" name="api">
            API
          </Term>
        </dt>
        <dd>
          <TermText text={states.api} kinds={["state"]} />
        </dd>
      </dl>
      {full?.input != null && (
        <>
          <div className="muted">input</div>
          <pre data-testid="span-panel-input">{JSON.stringify(full.input, null, 2)}</pre>
        </>
      )}
      {full?.output != null && (
        <>
          <div className="muted">
            output
            {full.output.length >= SPAN_OUTPUT_MAX_CHARS ? ` (the first ${SPAN_OUTPUT_MAX_CHARS} characters)` : ""}
          </div>
          <pre data-testid="span-panel-output">{full.output}</pre>
        </>
      )}
      {full && Object.keys(full.meta).length > 0 && (
        <>
          <div className="muted">meta</div>
          <pre>{JSON.stringify(full.meta, null, 2)}</pre>
        </>
      )}
      <section className={css.panelComments} data-testid="span-panel-comments" aria-label="Comments on this span">
        <h4>Comments on this span</h4>
        <CommentBox
          key={id}
          runId={p.runId}
          comments={p.comments}
          mentionNames={p.mentionNames}
          anchor={{ span_id: id }}
          emptyText="No comments on this span yet."
        />
      </section>
    </aside>
  );
}
