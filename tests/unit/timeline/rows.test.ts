// Row flattening, collapse, repeat folding and filters (lib/timeline/rows.ts, filter.ts).
import { describe, expect, test } from "vitest";
import { keepWithAncestors, matchSpans, NO_FILTER } from "@/lib/timeline/filter";
import {
  firstRowAtTime,
  flattenRows,
  median,
  rowAtMoment,
  rowExtent,
  rowIndexOfSpan,
  turnKey,
  type TimelineRow,
} from "@/lib/timeline/rows";
import { buildTree } from "@/lib/timeline/tree";
import type { SpanStore } from "@/lib/timeline/store";
import { makeStore } from "./factories";

const show = (s: SpanStore, rows: TimelineRow[]) =>
  rows.map(
    (r) =>
      "  ".repeat(r.depth) +
      (r.kind === "span" ? s.ids[r.span] : r.kind === "turn" ? `[${r.label}]` : `${s.names[r.name]}×${r.spans.length}`),
  );

// it1 ─┬─ g1 g2 g3 (http_get) ── e (edit) ── g4 (http_get)
// it2 ─── r (run_tests)
const trace = () =>
  makeStore([
    { id: "it1", name: "iteration", kind: "agent", t0: 0, t1: 100 },
    { id: "g1", parent: "it1", name: "http_get", t0: 1, t1: 3, error: "timeout" },
    { id: "g2", parent: "it1", name: "http_get", t0: 4, t1: 10 },
    { id: "g3", parent: "it1", name: "http_get", t0: 11, t1: 15 },
    { id: "e", parent: "it1", name: "edit", t0: 20, t1: 30 },
    { id: "g4", parent: "it1", name: "http_get", t0: 40, t1: 41 },
    { id: "it2", name: "iteration", kind: "agent", t0: 100, t1: 200 },
    { id: "r", parent: "it2", name: "run_tests", t0: 101, t1: 150, error: "1 failed" },
  ]);

const flat = (s: SpanStore, o: Partial<Parameters<typeof flattenRows>[2]> = {}) =>
  flattenRows(s, buildTree(s), { collapsed: new Set(), keep: null, collapseRepeats: false, ...o });

describe("flattenRows", () => {
  test("rows are depth-first with children indented under their parent", () => {
    const s = trace();
    expect(show(s, flat(s))).toEqual(["it1", "  g1", "  g2", "  g3", "  e", "  g4", "it2", "  r"]);
  });

  test("a collapsed span keeps its row and hides its subtree", () => {
    const s = trace();
    const rows = flat(s, { collapsed: new Set(["it1"]) });
    expect(show(s, rows)).toEqual(["it1", "it2", "  r"]);
    expect(rows[0]).toMatchObject({ collapsed: true, hasChildren: true });
  });

  test("collapse repeats folds consecutive siblings of one tool, not separated ones", () => {
    const s = trace();
    expect(show(s, flat(s, { collapseRepeats: true }))).toEqual(["it1", "  http_get×3", "  e", "  g4", "it2", "  r"]);
  });

  test("a fold reports count, failures and min / median / max duration", () => {
    const s = trace();
    const fold = flat(s, { collapseRepeats: true })[1];
    expect(fold).toMatchObject({ kind: "repeat", failures: 1, minMs: 2, medianMs: 4, maxMs: 6, t0: 1, t1: 15 });
  });

  test("the median of an even count is the mean of the middle two", () => {
    expect(median([1, 2, 4, 10])).toBe(3);
  });

  test("rowIndexOfSpan finds a span inside a fold", () => {
    const s = trace();
    const rows = flat(s, { collapseRepeats: true });
    expect(rowIndexOfSpan(rows, s.indexOf.get("g2")!)).toBe(1);
    expect(rowIndexOfSpan(rows, s.indexOf.get("r")!)).toBe(5);
  });
});

describe("filters", () => {
  const keep = (s: SpanStore, f: Partial<typeof NO_FILTER>) =>
    keepWithAncestors(buildTree(s), matchSpans(s, { ...NO_FILTER, ...f })!);

  test("no filter matches nothing specially (null keeps everything)", () => {
    expect(matchSpans(trace(), NO_FILTER)).toBeNull();
  });

  test("failures only keeps failed spans with their ancestors as context", () => {
    const s = trace();
    const rows = flat(s, { keep: keep(s, { failuresOnly: true }) });
    expect(show(s, rows)).toEqual(["it1", "  g1", "it2", "  r"]);
    expect(rows.map((r) => r.kind === "span" && r.context)).toEqual([true, false, true, false]);
  });

  test("the tool filter keeps only that tool's spans", () => {
    const s = trace();
    expect(show(s, flat(s, { keep: keep(s, { tool: "run_tests" }) }))).toEqual(["it2", "  r"]);
  });

  test("search matches the error text case-insensitively", () => {
    const s = trace();
    expect(show(s, flat(s, { keep: keep(s, { search: "TIMEOUT" }) }))).toEqual(["it1", "  g1"]);
  });

  test("search matches the name, combined with failures only", () => {
    const s = trace();
    expect(show(s, flat(s, { keep: keep(s, { search: "http", failuresOnly: true }) }))).toEqual(["it1", "  g1"]);
  });
});

describe("firstRowAtTime", () => {
  test("a moment inside the second iteration scrolls to that iteration's row", () => {
    const s = trace();
    const rows = flat(s);
    expect(show(s, [rows[firstRowAtTime(rows, s, 120)]!])).toEqual(["it2"]);
  });
  test("a moment inside the first iteration stops at its first row", () => {
    const s = trace();
    const rows = flat(s, { collapsed: new Set(["it2"]) });
    expect(firstRowAtTime(rows, s, 50)).toBe(0);
  });
  test("a moment after every loaded span is -1 (wait for more pages)", () => {
    const s = trace();
    expect(firstRowAtTime(flat(s), s, 500)).toBe(-1);
  });
});

// A transcript's roots, no agent spans: each names its turn.
//   pre (no turn)                  t 0–2
//   turn 1: m1 ── b1 ✕ ── r1 ─┬─ r1.c  (b1 fails; r1.c nested)   t 5–40
//   mid (no turn)                  t 45–46
//   turn 2: m2 ── b2 b3 (Bash)     t 50–90
const session = () =>
  makeStore([
    { id: "pre", name: "hook", t0: 0, t1: 2 },
    { id: "m1", name: "claude", kind: "llm", t0: 5, t1: 8, iteration: 1 },
    { id: "b1", name: "Bash", t0: 10, t1: 12, iteration: 1, error: "exit 1" },
    { id: "r1", name: "Task", t0: 20, t1: 40, iteration: 1 },
    { id: "r1.c", parent: "r1", name: "Read", t0: 21, t1: 22 },
    { id: "mid", name: "hook", t0: 45, t1: 46 },
    { id: "m2", name: "claude", kind: "llm", t0: 50, t1: 60, iteration: 2 },
    { id: "b2", name: "Bash", t0: 61, t1: 70, iteration: 2 },
    { id: "b3", name: "Bash", t0: 71, t1: 90, iteration: 2 },
  ]);
const TURNS = { noun: "turn" as const, labels: new Map([[1, "Fix the cart"]]) };

describe("turn rows", () => {
  test("roots that carry an iteration go one level under a row for their turn; the rest stay at the top in time order", () => {
    const s = session();
    expect(show(s, flat(s, { turns: TURNS }))).toEqual([
      "pre",
      "[turn 1 · Fix the cart]",
      "  m1",
      "  b1",
      "  r1",
      "    r1.c",
      "mid",
      "[turn 2]",
      "  m2",
      "  b2",
      "  b3",
    ]);
  });

  test("a turn row spans its spans' extent and counts them and their failures, nested ones too", () => {
    const s = session();
    const turn = flat(s, { turns: TURNS })[1]!;
    expect(turn).toMatchObject({ kind: "turn", n: 1, t0: 5, t1: 40, spanCount: 4, failures: 1, collapsed: false });
    expect(rowExtent(turn, s)).toEqual([5, 40]);
  });

  test("a collapsed turn keeps its row and hides its spans", () => {
    const s = session();
    const rows = flat(s, { turns: TURNS, collapsed: new Set([turnKey(1)]) });
    expect(show(s, rows)).toEqual(["pre", "[turn 1 · Fix the cart]", "mid", "[turn 2]", "  m2", "  b2", "  b3"]);
    expect(rows[1]).toMatchObject({ kind: "turn", collapsed: true });
  });

  test("the filter keeps a turn row only when it keeps one of its spans", () => {
    const s = session();
    const keep = keepWithAncestors(buildTree(s), matchSpans(s, { ...NO_FILTER, search: "read" })!);
    expect(show(s, flat(s, { turns: TURNS, keep }))).toEqual(["[turn 1 · Fix the cart]", "  r1", "    r1.c"]);
  });

  test("repeats fold among a turn's spans, under its row", () => {
    const s = session();
    expect(show(s, flat(s, { turns: TURNS, collapseRepeats: true })).slice(-3)).toEqual([
      "[turn 2]",
      "  m2",
      "  Bash×2",
    ]);
  });

  test("without the turns option (agent iteration spans group the run) the roots stay flat", () => {
    const s = session();
    expect(show(s, flat(s)).filter((r) => r.startsWith("["))).toEqual([]);
    expect(show(s, flat(s, { turns: null }))).toHaveLength(9);
  });

  test("a step reads its noun and a turn with no label its number only", () => {
    const s = session();
    const rows = flat(s, { turns: { noun: "step", labels: new Map([[2, "pytest -x"]]) } });
    expect(rows.filter((r) => r.kind === "turn").map((r) => r.kind === "turn" && r.label)).toEqual([
      "step 1",
      "step 2 · pytest -x",
    ]);
  });

  test("a span is found under its turn row; the turn row holds no span itself", () => {
    const s = session();
    const rows = flat(s, { turns: TURNS });
    expect(rowIndexOfSpan(rows, s.indexOf.get("b2")!)).toBe(9);
    expect(rowIndexOfSpan(flat(s, { turns: TURNS, collapsed: new Set([turnKey(2)]) }), s.indexOf.get("b2")!)).toBe(-1);
  });

  test("a moment inside a turn scrolls to the turn's row, as to a parent span's", () => {
    const s = session();
    const rows = flat(s, { turns: TURNS });
    expect(firstRowAtTime(rows, s, 30)).toBe(1);
    expect(rowAtMoment(rows, s, 55, { startMs: 50, endMs: 60 })).toBe(7);
  });
});
