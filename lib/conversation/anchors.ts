// Where a conversation's turns and calls are (docs/dashboard.md#conversation):
// their anchor ids (`turn-<n>`, `span-<span_id>`), the same in the
// Conversation tab and in the pane beside the timeline; which anchor a span
// selected on the timeline leads to; and which turn is "at the top" of a
// scrolled pane, the one the timeline then follows. Pure; O(turns + calls)
// per question, no DOM: the pane measures, this decides.

/** The turn that holds the calls made before the first turn. */
export const BEFORE_ANCHOR = "turn-before";
export const turnAnchor = (n: number): string => `turn-${n}`;
export const spanAnchor = (spanId: string): string => `span-${spanId}`;

/** What of a turn the questions below read. */
export type AnchoredTurn = { anchor: string; atUs: number | null; items: readonly { spanId: string; t0Us: number }[] };

/**
 * The anchor a span selected on the timeline leads to: its own row when the
 * conversation lists it; else the turn it ran in — the last one that started
 * (its start, else its first call) at or before `atUs`, the span's start in
 * epoch µs — else null (a span before every turn, or no time to place it by).
 */
export function conversationAnchorOf(
  turns: readonly AnchoredTurn[],
  spanId: string,
  atUs: number | null,
): string | null {
  for (const t of turns) if (t.items.some((i) => i.spanId === spanId)) return spanAnchor(spanId);
  if (atUs === null) return null;
  let found: string | null = null;
  for (const t of turns) {
    const start = t.atUs ?? t.items[0]?.t0Us ?? null;
    if (start !== null && start <= atUs) found = t.anchor;
  }
  return found;
}

/** A turn's box in the pane, px from the top of its visible area (negative: scrolled past). */
export type TurnBox = { anchor: string; top: number; bottom: number };

/** How far below the pane's top one reads: the turn across this line is the one at the top. */
export const READING_LINE_PX = 48;

/**
 * The turn at the top of the pane: the first (in page order) that reaches
 * below the reading line — the one across it, or the next below a gap. Once
 * the pane is scrolled to its end, the last turn in sight: a short last turn
 * never reaches the top, and the reader has gone as far as one can.
 */
export function turnAtTop(boxes: readonly TurnBox[], paneHeightPx: number, atEnd: boolean): string | null {
  if (boxes.length === 0) return null;
  const last = boxes[boxes.length - 1]!;
  if (atEnd && last.top < paneHeightPx) return last.anchor;
  const line = Math.min(READING_LINE_PX, paneHeightPx / 2);
  return (boxes.find((b) => b.bottom > line) ?? last).anchor;
}
