// docs/import.md#mini-swe-agent-trajectories — the times of a trajectory's
// messages, when only some of them carry one (mini-swe-agent stamps its
// model responses, and in newer versions its observations too). A message
// without a time is placed between the nearest stamped ones around it, in
// proportion to a weight per message: a command's observation weighs 1, any
// other message 3, so a command takes a quarter of the gap between two model
// responses (the file does not say how the gap divides; model calls usually
// take longer than the commands of a coding agent). Before the first stamp
// and after the last, messages are a median gap per weight apart. With no
// stamp at all, the messages are one second apart, ending at the file's
// modification time or at ESTIMATE_ANCHOR_US (claude-code-stream.ts), and
// the run says `timing: estimated` (and `time_anchor: fixed`). The times come
// out strictly increasing, one microsecond apart at least, so that every
// span starts inside its own step. Pure; O(messages).
import { ESTIMATE_ANCHOR_US } from "./claude-code-stream";

export const SECOND_US = 1_000_000;

export type PlacedTimes = { times: number[]; estimated: boolean; fixedAnchor: boolean };

function upperMedian(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
}

/** A message's weight scaled: the share of the gap before it. */
function prefixWeights(weights: readonly number[]): number[] {
  const out: number[] = [];
  let sum = 0;
  for (const w of weights) out.push((sum += w));
  return out;
}

/** Times for `known` (µs or null per message), weights per message, and the file's end when nothing is known. */
export function placeTimes(
  known: readonly (number | null)[],
  weights: readonly number[],
  endUs: number | null,
): PlacedTimes {
  const stamped = known.flatMap((t, i) => (t !== null ? [i] : []));
  if (stamped.length === 0) {
    const end = endUs ?? ESTIMATE_ANCHOR_US;
    const times = known.map((_, i) => end - (known.length - 1 - i) * SECOND_US);
    return { times, estimated: true, fixedAnchor: endUs === null };
  }
  const acc = prefixWeights(weights);
  const rates: number[] = [];
  for (let j = 1; j < stamped.length; j++) {
    const a = stamped[j - 1] as number;
    const b = stamped[j] as number;
    const w = (acc[b] as number) - (acc[a] as number);
    if (w > 0) rates.push(Math.max(0, (known[b] as number) - (known[a] as number)) / w);
  }
  const rate = upperMedian(rates) ?? SECOND_US;
  const prev: number[] = [];
  const next: number[] = [];
  for (let i = 0, k = -1; i < known.length; i++) prev.push(known[i] !== null ? (k = i) : k);
  for (let i = known.length - 1, k = -1; i >= 0; i--) next[i] = known[i] !== null ? (k = i) : k;
  const at = (i: number) => known[i] as number;
  const times = known.map((t, i) => {
    if (t !== null) return t;
    const a = prev[i] as number;
    const b = next[i] as number;
    if (a < 0) return at(b) - ((acc[b] as number) - (acc[i] as number)) * rate;
    if (b < 0) return at(a) + ((acc[i] as number) - (acc[a] as number)) * rate;
    const share = ((acc[i] as number) - (acc[a] as number)) / ((acc[b] as number) - (acc[a] as number));
    return at(a) + share * (at(b) - at(a));
  });
  return { times: strictlyIncreasing(times.map(Math.round)), estimated: false, fixedAnchor: false };
}

/** Each time at least 1 µs after the one before it. */
function strictlyIncreasing(times: number[]): number[] {
  const out: number[] = [];
  for (const t of times) out.push(out.length === 0 ? t : Math.max(t, (out[out.length - 1] as number) + 1));
  return out;
}
