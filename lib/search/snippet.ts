// docs/api.md#search — a text match as the runs list shows it. The database's
// ts_headline marks the matched words with two private-use characters (the
// indexed text never holds them: run-texts.ts replaces them); this turns its
// fragment into plain text and [start, end) offsets of the words, so the
// page renders text and <mark>s, never HTML from the database. And the link
// to the place in the run's conversation tab: its anchor, and as `q` the
// first matched word as written — the tab filters by plain substring
// (docs/dashboard.md#conversation), which a stemmed query ("tests" for
// "test") might not be. Pure; O(fragment length).
import { spanAnchor, turnAnchor } from "../conversation/anchors";
import type { RunTextKind, RunTextMatch } from "../schemas/api";

export const HEADLINE_START = "\uE000";
export const HEADLINE_STOP = "\uE001";

/**
 * ts_headline's options: a short text whole, a long one from its first match on, in a few words.
 * Not its fragment mode (MaxFragments ≥ 1), which drops stop words and punctuation at the edges:
 * "Why is shipping charged twice?" would read "shipping charged twice".
 */
export const HEADLINE_OPTIONS = `StartSel=${HEADLINE_START}, StopSel=${HEADLINE_STOP}, MaxWords=20, MinWords=8, ShortWord=0`;

/** A matched text as read back: its kind, its record (span id or prompt ref), the turn it is in now, the fragment. */
export type HeadlineRow = { kind: RunTextKind; ref: string; iteration: number | null; headline: string };

/** A headline's text with its whitespace runs made one space, and where its marked words are. */
export function parseHeadline(headline: string): { snippet: string; highlights: [number, number][] } {
  let snippet = "";
  const highlights: [number, number][] = [];
  let open = -1;
  for (const part of headline.split(/([\uE000\uE001]|\s+)/)) {
    if (part === HEADLINE_START) open = snippet.length;
    else if (part === HEADLINE_STOP) {
      if (open >= 0 && snippet.length > open) highlights.push([open, snippet.length]);
      open = -1;
    } else if (part !== "") snippet += /^\s+$/.test(part) ? " " : part;
  }
  const start = snippet.length - snippet.trimStart().length;
  const trimmed = snippet.trim();
  return {
    snippet: trimmed,
    highlights: highlights
      .map(([a, b]): [number, number] => [Math.max(0, a - start), Math.min(trimmed.length, b - start)])
      .filter(([a, b]) => b > a),
  };
}

/** The API's match of one headline row. */
export function toRunTextMatch(row: HeadlineRow): RunTextMatch {
  const isPrompt = row.kind === "prompt";
  return {
    kind: row.kind,
    iteration: row.iteration,
    span_id: isPrompt ? null : row.ref,
    anchor: !isPrompt ? spanAnchor(row.ref) : row.iteration !== null ? turnAnchor(row.iteration) : null,
    ...parseHeadline(row.headline),
  };
}

/** The run's conversation tab at the match: filtered by its first matched word (else `q`), scrolled to its anchor. */
export function matchHref(runId: string, match: RunTextMatch, q: string): string {
  const first = match.highlights[0];
  const word = first ? match.snippet.slice(first[0], first[1]) : q;
  const query = new URLSearchParams({ tab: "conversation", q: word });
  const hash = match.anchor === null ? "" : `#${encodeURIComponent(match.anchor)}`;
  return `/runs/${encodeURIComponent(runId)}?${query.toString()}${hash}`;
}

/** The snippet cut into plain-text pieces, each marked when it is a matched word: what the list renders. */
export function snippetParts(match: Pick<RunTextMatch, "snippet" | "highlights">): { text: string; hit: boolean }[] {
  const parts: { text: string; hit: boolean }[] = [];
  let at = 0;
  for (const [a, b] of match.highlights) {
    if (a < at) continue;
    if (a > at) parts.push({ text: match.snippet.slice(at, a), hit: false });
    parts.push({ text: match.snippet.slice(a, b), hit: true });
    at = b;
  }
  if (at < match.snippet.length) parts.push({ text: match.snippet.slice(at), hit: false });
  return parts;
}
