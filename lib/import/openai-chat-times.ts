// docs/import.md#openai-chat-runs — times for chat messages, which mostly
// carry none (tau-bench writes no time at all). A message with its own time
// keeps it; one without follows the previous message by a second (never
// past the next message that has a time), and those before the first timed
// message lead up to it a second apart. A run with no time anywhere is laid
// out a second per message — from its own start field when it has one, else
// ending at the file's modification time (ctx.endedAtUs) or, without one, at
// ESTIMATE_ANCHOR_US (the timing rule of claude-code-stream.ts) — and runs
// that join one upload's run are laid end to end in file order, so their
// steps do not interleave. Pure; O(messages).
export const SECOND_US = 1_000_000;

/** Each message's time from the ones that have their own; `startUs` when none has. */
export function fillTimes(own: (number | null)[], startUs: number): number[] {
  const first = own.findIndex((t) => t !== null);
  if (first < 0) return own.map((_, i) => startUs + i * SECOND_US);
  const next: (number | null)[] = new Array<number | null>(own.length).fill(null);
  for (let i = own.length - 2; i >= 0; i--) next[i] = own[i + 1] ?? next[i + 1] ?? null;
  const times: number[] = [];
  own.forEach((t, i) => {
    if (t !== null) return void times.push(t);
    if (i < first) return void times.push((own[first] as number) - (first - i) * SECOND_US);
    const prev = times[i - 1]!;
    const cap = next[i] ?? Infinity;
    times.push(Math.max(prev, Math.min(prev + SECOND_US, cap)));
  });
  return times;
}

/** How long a run laid out a second per message lasts. */
export const laidOutUs = (messages: number): number => Math.max(0, messages - 1) * SECOND_US;

/**
 * The starts of runs that need a layout (`null`: the run has times of its
 * own), each ending at `endUs`, or — `endToEnd` — one after another (a second
 * apart), the last ending at `endUs`.
 */
export function layoutStarts(durationsUs: (number | null)[], endUs: number, endToEnd: boolean): (number | null)[] {
  const starts: (number | null)[] = durationsUs.map(() => null);
  let cursor = endUs;
  for (let i = durationsUs.length - 1; i >= 0; i--) {
    const d = durationsUs[i];
    if (d === null || d === undefined) continue;
    starts[i] = (endToEnd ? cursor : endUs) - d;
    if (endToEnd) cursor = (starts[i] as number) - SECOND_US;
  }
  return starts;
}
