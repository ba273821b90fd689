// A runs-list search hit in a run's conversation (docs/dashboard.md#search):
// the few words around the match as text, the matched words in <mark>, and a
// link to the place in the run's Conversation tab. Render only: the parts and
// the link come from lib/search/snippet.ts.
import Link from "next/link";
import type { RunTextMatch } from "@/lib/schemas/api";
import { matchHref, snippetParts } from "@/lib/search/snippet";

const KIND_LABEL: Record<RunTextMatch["kind"], string> = {
  prompt: "prompt",
  reply: "reply",
  tool_input: "tool call",
};

export function RunMatch({ runId, match, q }: { runId: string; match: RunTextMatch; q: string }) {
  return (
    <div className="run-match" data-testid="run-match">
      <Link href={matchHref(runId, match, q)} data-testid="run-match-link">
        <span className="muted">
          {KIND_LABEL[match.kind]}
          {match.iteration !== null ? ` · turn ${match.iteration}` : ""}:
        </span>{" "}
        {snippetParts(match).map((p, i) => (p.hit ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
      </Link>
    </div>
  );
}
