// The run page's conversation tab (docs/dashboard.md#conversation): the
// run read as a conversation, turn by turn — the prompt, then in time order
// the assistant's texts and the tool calls (conversation-item.tsx) — with a
// plain GET search form (`q`, no script) that keeps the turns and items
// that mention it. Server-rendered from lib/conversation's prepared data;
// each turn has its `turn-<n>` anchor. A turn (ConversationTurnSection) is
// also what the pane beside the timeline lists, with the pane's target
// highlighted.
import Link from "next/link";
import type { ConversationSearch } from "@/lib/conversation/filter";
import type { ConversationTurn } from "@/lib/schemas/conversation";
import { plural, pluralWord } from "@/lib/plural";
import { formatCount } from "@/lib/format";
import { spanAnchor } from "@/lib/conversation/anchors";
import { ConversationItemRow } from "./conversation-item";
import { runTabHref } from "./run-tabs";

type Props = { runId: string; search: ConversationSearch };

export function ConversationTab({ runId, search }: Props) {
  const { conversation: c, query, matchedTurns, totalTurns } = search;
  return (
    <div className="conversation" data-testid="conversation">
      <form className="conversation-search" method="get" action={`/runs/${encodeURIComponent(runId)}`} role="search">
        <input type="hidden" name="tab" value="conversation" />
        <label htmlFor="conversation-q">Search this run</label>
        <input
          id="conversation-q"
          type="search"
          name="q"
          defaultValue={query}
          placeholder="a word of a prompt, a reply, a command, a result…"
          data-testid="conversation-q"
        />
        <button className="btn" type="submit">
          Search
        </button>
        {query !== "" && <Link href={runTabHref(runId, "conversation")}>Show every turn</Link>}
      </form>
      {query !== "" && (
        <p role="status" className="conversation-matches" data-testid="conversation-matches">
          {formatCount(matchedTurns)} of {formatCount(totalTurns)} {pluralWord(totalTurns, "turn")}{" "}
          {totalTurns === 1 ? "matches" : "match"} ‘{query}’{c.moreSpans > 0 && " (in the calls listed here)"}
        </p>
      )}
      {totalTurns > 0 && !c.hasPrompts && !c.hasTexts && (
        <p className="muted conversation-note" data-testid="conversation-no-texts">
          This run logged no prompts and no assistant texts: each turn shows its calls.
        </p>
      )}
      {totalTurns === 0 && <p className="muted empty">This run has no turns and no calls to show.</p>}
      {c.turns.map((turn) => (
        <ConversationTurnSection key={turn.anchor} runId={runId} turn={turn} />
      ))}
      {c.moreSpans > 0 && (
        <p className="conversation-more" data-testid="conversation-more">
          {plural(c.moreSpans, "more call")}
          {c.moreTurns > 0 && ` in ${plural(c.moreTurns, "more turn")}`} —{" "}
          <Link href={runTabHref(runId, "timeline")}>open the timeline</Link>
        </p>
      )}
    </div>
  );
}

type TurnProps = {
  runId: string;
  turn: ConversationTurn;
  /** The anchor (`turn-<n>` or `span-<id>`) to highlight: the pane's target; none in the tab. */
  highlight?: string | null;
};

export function ConversationTurnSection({ runId, turn, highlight = null }: TurnProps) {
  const titleId = `${turn.anchor}-title`;
  return (
    <section
      className="card conversation-turn"
      id={turn.anchor}
      aria-labelledby={titleId}
      data-testid="conversation-turn"
      data-highlighted={highlight === turn.anchor || undefined}
    >
      <h3 id={titleId} className="conversation-turn-head">
        <a href={`#${turn.anchor}`}>{turn.title}</a>
        {turn.timeLabel !== null && <span className="muted"> · {turn.timeLabel}</span>}
        {turn.offsetLabel !== null && <span className="muted conversation-offset">{turn.offsetLabel}</span>}
      </h3>
      {turn.prompt !== null && (
        <pre className="conversation-prompt" data-testid="conversation-prompt">
          {turn.prompt}
        </pre>
      )}
      {turn.items.length === 0 ? (
        <p className="muted conversation-note">No calls in this turn.</p>
      ) : (
        <ol className="conversation-items">
          {turn.items.map((item) => (
            <ConversationItemRow
              key={item.spanId}
              runId={runId}
              item={item}
              highlighted={highlight === spanAnchor(item.spanId)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
