// One item of a turn in the conversation tab (docs/dashboard.md#conversation):
// a model response — the assistant's text, pre-wrapped, and how long it
// thought — or a tool call as a compact row: ✓/✗, the tool, what it was
// asked, its duration, the error line, its edits as a diff and the result's
// head folded in a <details>. Each has its `span-<id>` anchor and a link that
// opens the timeline with the span selected (beside the timeline, the pane
// turns that link into a selection). Texts are React text: raw HTML in a
// prompt or a result shows as written.
import Link from "next/link";
import { spanAnchor } from "@/lib/conversation/anchors";
import type { ConversationCall, ConversationItem, ConversationReply } from "@/lib/schemas/conversation";
import { formatCount } from "@/lib/format";
import { pluralWord } from "@/lib/plural";
import { SPAN_OUTPUT_MAX_CHARS } from "@/lib/schemas/records";
import { ConversationDiff } from "./conversation-diff";
import { runTabHref } from "./run-tabs";

type Props = { runId: string; item: ConversationItem; highlighted?: boolean };

/** The timeline with this span selected (lib/timeline/url-state.ts: `span=`). */
export function conversationSpanHref(runId: string, spanId: string): string {
  return runTabHref(runId, "timeline", { span: spanId });
}

export function ConversationItemRow({ runId, item, highlighted = false }: Props) {
  const depth = item.depth > 0 ? ({ "--depth": item.depth } as React.CSSProperties) : undefined;
  return (
    <li
      id={spanAnchor(item.spanId)}
      className={`conversation-item conversation-${item.type === "llm" ? "reply" : "call"}`}
      style={depth}
      data-testid={item.type === "llm" ? "conversation-reply" : "conversation-call"}
      data-span-id={item.spanId}
      data-ok={item.ok}
      data-highlighted={highlighted || undefined}
    >
      {item.type === "llm" ? <Reply runId={runId} item={item} /> : <Call runId={runId} item={item} />}
    </li>
  );
}

function TimelineLink({ runId, spanId }: { runId: string; spanId: string }) {
  return (
    <Link
      className="conversation-timeline-link"
      href={conversationSpanHref(runId, spanId)}
      data-testid="on-the-timeline"
    >
      on the timeline
    </Link>
  );
}

function Status({ ok }: { ok: boolean }) {
  return (
    <span
      className={ok ? "conversation-status ok-text" : "conversation-status error-text"}
      role="img"
      aria-label={ok ? "succeeded" : "failed"}
    >
      {ok ? "✓" : "✗"}
    </span>
  );
}

function Reply({ runId, item }: { runId: string; item: ConversationReply }) {
  return (
    <>
      <div className="conversation-item-head">
        {!item.ok && <Status ok={false} />}
        {item.text !== null ? <span className="badge info">assistant</span> : <span className="muted">model call</span>}
        <span className="mono muted conversation-model">{item.name}</span>
        <span className="muted">{item.durationLabel}</span>
        {item.thinkingChars !== null && item.thinkingChars > 0 && (
          <span className="muted" data-testid="conversation-thinking">
            thought for {formatCount(item.thinkingChars)} {pluralWord(item.thinkingChars, "character")}
          </span>
        )}
        <TimelineLink runId={runId} spanId={item.spanId} />
      </div>
      {item.errorLine !== null && <p className="error-text conversation-error">{item.errorLine}</p>}
      {item.text !== null && (
        <pre className="conversation-text" data-testid="conversation-text">
          {item.text}
        </pre>
      )}
    </>
  );
}

function Call({ runId, item }: { runId: string; item: ConversationCall }) {
  return (
    <>
      <div className="conversation-item-head">
        <Status ok={item.ok} />
        <span className="mono conversation-tool">{item.name}</span>
        {item.summary !== "" && <code className="conversation-summary">{item.summary}</code>}
        <span className="muted">{item.durationLabel}</span>
        <TimelineLink runId={runId} spanId={item.spanId} />
      </div>
      {item.errorLine !== null && (
        <p className="error-text conversation-error" data-testid="conversation-error">
          {item.errorLine}
        </p>
      )}
      {item.diff !== null && <ConversationDiff diff={item.diff} shownPath={item.summary} />}
      {item.result !== null && item.result !== "" && (
        <details className="conversation-result">
          <summary>
            {item.resultIsHead ? `Result (its first ${formatCount(SPAN_OUTPUT_MAX_CHARS)} characters)` : "Result"}
          </summary>
          <pre>{item.result}</pre>
        </details>
      )}
    </>
  );
}
