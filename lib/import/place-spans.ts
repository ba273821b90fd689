// docs/import.md#agent-transcripts — a transcript span's iteration, once the
// run's iterations are placed (place-iterations.ts): a span that names its
// turn's source key (`meta.iteration_key`) takes the number its iteration was
// placed under, so spans follow their iterations through every renumbering; a
// span that can only name its parent (`meta.iteration_from: "parent"`: a
// subagent's own file, which knows the call that started it but not that
// call's turn) takes its parent span's, up the chain of such parents. A span
// whose iteration (or parent) is not in the run yet keeps what it has — null
// at upload — until an upload brings it. Pure, for records held in memory;
// db/place-iterations.ts applies the same rule in SQL. O(records), each
// parent chain walked once.
import { ITERATION_FROM, ITERATION_KEY } from "./types";

type Meta = Record<string, unknown>;
type SpanLike = { type: "span"; runId: string; spanId: string; parentId: string | null; iteration: number | null };
type IterationLike = { type: "iteration"; runId: string; n: number; attrs: Meta };

const isSpan = (r: { type: string }): r is SpanLike & { meta: Meta } => r.type === "span";
const isIteration = (r: { type: string }): r is IterationLike => r.type === "iteration";
const inRun = (runId: string, id: string): string => `${runId}\u0000${id}`;

/** The records with each keyed or parent-placed span's `iteration` set to its placed number; others pass through. */
export function placeSpansInMemory<R extends { type: string; runId: string }>(records: R[]): R[] {
  const nOfKey = new Map<string, number>();
  for (const r of records) {
    if (isIteration(r) && typeof r.attrs.source_key === "string") nOfKey.set(inRun(r.runId, r.attrs.source_key), r.n);
  }
  const byId = new Map<string, SpanLike & { meta: Meta }>();
  for (const r of records) if (isSpan(r) && !byId.has(inRun(r.runId, r.spanId))) byId.set(inRun(r.runId, r.spanId), r);
  const placed = new Map<string, number | null>();

  const ownIteration = (sp: SpanLike & { meta: Meta }): number | null => {
    const key = sp.meta[ITERATION_KEY];
    return (typeof key === "string" ? nOfKey.get(inRun(sp.runId, key)) : undefined) ?? sp.iteration;
  };
  // Walk up the parents that defer to theirs; every span on the walk takes the iteration found at its top.
  const iterationOf = (start: SpanLike & { meta: Meta }): number | null => {
    const walk: string[] = [];
    let sp: (SpanLike & { meta: Meta }) | undefined = start;
    let found: number | null = null;
    while (sp !== undefined) {
      const id = inRun(sp.runId, sp.spanId);
      if (placed.has(id)) {
        found = placed.get(id) ?? null;
        break;
      }
      if (walk.includes(id)) break; // a cycle of parents: none of them knows
      walk.push(id);
      if (sp.meta[ITERATION_FROM] !== "parent") {
        found = ownIteration(sp);
        break;
      }
      sp = sp.parentId !== null ? byId.get(inRun(sp.runId, sp.parentId)) : undefined;
    }
    for (const id of walk) placed.set(id, found);
    return found;
  };

  return records.map((r) => {
    if (!isSpan(r) || (typeof r.meta[ITERATION_KEY] !== "string" && r.meta[ITERATION_FROM] !== "parent")) return r;
    const n = iterationOf(r) ?? r.iteration;
    return n === r.iteration ? r : { ...r, iteration: n };
  });
}
