// docs/import.md#agent-transcripts: transcript spans follow their iterations —
// by the turn's key, or, for a subagent's own file, by their parent span.
import { describe, expect, test } from "vitest";
import { placeInMemory, provisionalN } from "@/lib/import/place-iterations";
import { placeSpansInMemory } from "@/lib/import/place-spans";
import type { StoredRecord, StoredSpan } from "@/lib/schemas/records";
import { blankIteration } from "@/tests/support/records";

const it = (n: number, tsUs: number, key: string): StoredRecord => ({
  ...blankIteration(n, tsUs),
  attrs: { source_key: key },
});
/** A span of run "r"; `place` is its turn's key, "parent", or nothing. */
function makeSpan(spanId: string, fields: { parent?: string; place?: string; iteration?: number } = {}): StoredSpan {
  const meta =
    fields.place === "parent"
      ? { iteration_from: "parent" }
      : fields.place !== undefined
        ? { iteration_key: fields.place }
        : {};
  return {
    type: "span",
    runId: "r",
    spanId,
    parentId: fields.parent ?? null,
    name: spanId,
    kind: "tool",
    t0Us: 0,
    t1Us: 0,
    ok: true,
    error: "",
    iteration: fields.iteration ?? null,
    taskId: null,
    tokensIn: null,
    tokensOut: null,
    costUsd: null,
    input: null,
    output: null,
    meta,
  };
}
const iterationsOf = (rs: StoredRecord[]) =>
  Object.fromEntries(rs.flatMap((r) => (r.type === "span" ? [[r.spanId, r.iteration]] : [])));

describe("placeSpansInMemory", () => {
  test("a span that names its turn's key takes the number that iteration is stored under", () => {
    const placed = placeSpansInMemory([it(7, 10, "s#p1"), makeSpan("a", { place: "s#p1", iteration: 1 })]);
    expect(iterationsOf(placed)).toEqual({ a: 7 });
  });

  test("a span that defers to its parent takes the parent's iteration, up a chain of such parents", () => {
    // task (turn s#p2) ⤷ subagent llm (parent) ⤷ nested task (parent) ⤷ its tool (parent)
    const records = [
      it(3, 10, "s#p2"),
      makeSpan("deep", { parent: "nested", place: "parent" }),
      makeSpan("nested", { parent: "llm", place: "parent" }),
      makeSpan("llm", { parent: "task", place: "parent" }),
      makeSpan("task", { place: "s#p2" }),
    ];
    expect(iterationsOf(placeSpansInMemory(records))).toEqual({ deep: 3, nested: 3, llm: 3, task: 3 });
  });

  test("what is not in the run yet — the key's iteration, the parent — leaves the span as it is", () => {
    const records = [
      makeSpan("keyed", { place: "s#later", iteration: 2 }),
      makeSpan("orphan", { parent: "missing", place: "parent" }),
      makeSpan("loop", { parent: "loop", place: "parent" }), // its own parent: no turn to find
      makeSpan("plain", { iteration: 5 }), // names nothing: never touched
    ];
    expect(iterationsOf(placeSpansInMemory(records))).toEqual({ keyed: 2, orphan: null, loop: null, plain: 5 });
  });
});

describe("placeInMemory", () => {
  test("spans follow their iterations when an earlier session is placed before them", () => {
    // placed: b@20 = 1, its span says 1 · new upload: a@10 (provisional), its span with no number yet
    const records = [
      it(1, 20, "b"),
      makeSpan("sb", { place: "b", iteration: 1 }),
      it(provisionalN("a"), 10, "a"),
      makeSpan("sa", { place: "a" }),
      makeSpan("sub", { parent: "sa", place: "parent" }),
    ];
    expect(iterationsOf(placeInMemory(records))).toEqual({ sb: 2, sa: 1, sub: 1 });
  });

  test("two provisional rows of one key (a file and its grown copy read together) are one iteration: the later", () => {
    const key = "s#p1";
    const placed = placeInMemory([
      { ...it(provisionalN(key), 10, key), apiCalls: 1 },
      { ...it(provisionalN(key), 20, key), apiCalls: 2 },
    ]);
    expect(placed.map((r) => (r.type === "iteration" ? [r.n, r.apiCalls] : null))).toEqual([[1, 2]]);
  });
});
