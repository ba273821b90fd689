// docs/import.md#agent-transcripts — transcript iterations are numbered in
// time order across the whole run, which may be fed by several files (a
// loop script's folder: one session per iteration). An upload stores a
// transcript iteration under a provisional number derived from its
// `source_key`; afterwards the run's iterations are placed: a provisional
// row replaces the placed row of the same key (a re-upload or a grown file
// brings the newer reading), and all are numbered 1, 2, … by (ts, key).
// Transcript spans then follow their iterations (place-spans.ts).
// Pure planning here; db/place-iterations.ts applies the plan.
// O(i log i) for the run's i iterations.
import { hashId } from "../ingest/assign-ids";
import { placeSpansInMemory } from "./place-spans";

/** Provisional numbers live above every real one: [2^30, 2^31). */
export const PROVISIONAL_BASE = 2 ** 30;

export function provisionalN(sourceKey: string): number {
  return PROVISIONAL_BASE + (parseInt(hashId("iteration", sourceKey).slice(0, 8), 16) % PROVISIONAL_BASE);
}

export const isProvisional = (n: number): boolean => n >= PROVISIONAL_BASE;

export type PlacedRow = { n: number; tsUs: number; sourceKey: string | null };
export type PlacementPlan = {
  /** Rows to delete: placed rows that a provisional row of the same key replaces. */
  drop: number[];
  /** Old number → new number, for every row whose number changes. */
  moves: { from: number; to: number }[];
};

/**
 * Plan the numbering of a run's iterations. Rows without a key (Loopscope
 * JSONL iterations, numbered by their writer) keep their numbers and are
 * left alone; keyed rows are numbered after the highest such number.
 */
export function planPlacement(rows: readonly PlacedRow[]): PlacementPlan {
  const fixed = rows.filter((r) => r.sourceKey === null && !isProvisional(r.n));
  const keyed = rows.filter((r) => r.sourceKey !== null);
  const newest = new Map<string, PlacedRow>();
  const drop: number[] = [];
  // A provisional row (this upload) wins over a placed one of the same key.
  for (const r of [...keyed].sort((a, b) => Number(isProvisional(a.n)) - Number(isProvisional(b.n)) || a.n - b.n)) {
    const seen = newest.get(r.sourceKey as string);
    if (seen) drop.push(seen.n);
    newest.set(r.sourceKey as string, r);
  }
  const ordered = [...newest.values()].sort(
    (a, b) => a.tsUs - b.tsUs || ((a.sourceKey as string) < (b.sourceKey as string) ? -1 : 1),
  );
  const base = fixed.reduce((max, r) => Math.max(max, r.n), 0);
  const moves: { from: number; to: number }[] = [];
  ordered.forEach((r, i) => {
    if (r.n !== base + i + 1) moves.push({ from: r.n, to: base + i + 1 });
  });
  return { drop, moves };
}

/**
 * The plan applied to records held in memory (the offline CLI and the tests),
 * then the spans placed with their iterations; other records pass through.
 * Two provisional rows of one key (the same session read twice, as a folder
 * holding a file and its grown copy) are one row, as in the database: the
 * later record, the newer reading, is kept.
 */
export function placeInMemory<R extends { type: string; runId: string }>(records: R[]): R[] {
  type It = R & { type: "iteration"; n: number; tsUs: number; attrs: Record<string, unknown> };
  const isIteration = (r: R): r is It => r.type === "iteration";
  const byRun = new Map<string, It[]>();
  for (const r of records) if (isIteration(r)) byRun.set(r.runId, [...(byRun.get(r.runId) ?? []), r]);
  const renumbered = new Map<It, number | null>();
  for (const all of byRun.values()) {
    if (!all.some((r) => isProvisional(r.n))) continue;
    const newest = new Map<number, It>();
    for (const r of all) if (isProvisional(r.n)) newest.set(r.n, r);
    const its = all.filter((r) => !isProvisional(r.n) || newest.get(r.n) === r);
    if (its.length < all.length)
      for (const r of all) if (isProvisional(r.n) && newest.get(r.n) !== r) renumbered.set(r, null);
    const keyOf = (r: It) => (typeof r.attrs.source_key === "string" ? r.attrs.source_key : null);
    const plan = planPlacement(its.map((r) => ({ n: r.n, tsUs: r.tsUs, sourceKey: keyOf(r) })));
    const to = new Map(plan.moves.map((m) => [m.from, m.to]));
    const dropped = new Set(plan.drop);
    for (const r of its) renumbered.set(r, dropped.has(r.n) ? null : (to.get(r.n) ?? r.n));
  }
  const out: R[] = [];
  for (const r of records) {
    if (!isIteration(r) || !renumbered.has(r)) out.push(r);
    else {
      const n = renumbered.get(r);
      if (n != null) out.push({ ...r, n });
    }
  }
  return placeSpansInMemory(out);
}
