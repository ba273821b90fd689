// Halt lines and iteration labels (lib/timeline/halt-lines.ts, lib/timeline/iterations.ts);
// a halt label comes in parts: its breaker a glossary term, its iteration a link to its turn.
import { describe, expect, test } from "vitest";
import { findTerm } from "@/lib/glossary";
import { formatSavings, haltLabelOf, haltLines, haltLineX } from "@/lib/timeline/halt-lines";
import {
  fitIterationLabels,
  formatScore,
  iterationAtEnd,
  iterationRowLabel,
  labelWidthPx,
} from "@/lib/timeline/iterations";
import { iterationBands } from "@/lib/timeline/overlays";

const T0 = Date.parse("2025-11-30T10:00:00Z");
const at = (s: number) => new Date(T0 + s * 1000).toISOString();

describe("halt lines", () => {
  const x = {
    halt: { iteration: 11, at: at(600), reason: "same_error" },
    savings: { iterations: 9, tokens: 45_200, ms: 723_000, cost_usd: 0.12 },
    layers: [
      { layer: "token", kind: "warning" as const, at: at(100), iteration: 3 },
      { layer: "token", kind: "trip" as const, at: at(300), iteration: 6 },
    ],
  };
  const lines = haltLines(x, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], T0 * 1000, 900_000);

  test("the loop line sits at the halt time and names its iteration and savings", () => {
    expect(lines[0]).toMatchObject({ kind: "loop", atMs: 600_000, iteration: 11 });
    expect(lines[0]!.label).toContain("iteration 11");
    expect(lines[0]!.label).toContain(formatSavings(x.savings));
  });

  test("the lighter line is at the first three-layer trip, saving the iterations and time after it", () => {
    expect(lines[1]).toMatchObject({ kind: "layers", atMs: 300_000, iteration: 6 });
    expect(lines[1]!.label).toContain("6 iterations");
  });

  test("both lines are the replay's verdicts, and their labels say so", () => {
    expect(lines.map((l) => l.label.split(" · ")[0])).toEqual([
      "replay: would have halted here",
      "replay: three-layer trip",
    ]);
  });

  test("a run that would not have halted has no loop line", () => {
    expect(haltLines({ ...x, halt: null, layers: [] }, [1], T0 * 1000, 1000)).toEqual([]);
  });

  test("the line's x follows the view, and is absent outside it", () => {
    expect(haltLineX({ atMs: 600 }, { startMs: 500, endMs: 1500 }, 1000)).toBe(100);
    expect(haltLineX({ atMs: 400 }, { startMs: 500, endMs: 1500 }, 1000)).toBeNull();
  });

  test("savings leave out what the report does not have", () => {
    expect(formatSavings({ iterations: 3, tokens: 0, ms: 0, cost_usd: null })).toBe("3 iterations");
  });
});

describe("iteration rows and axis labels", () => {
  test("an iteration parent reads its number, score and task when known", () => {
    expect(iterationRowLabel({ n: 11, score: -3, task: "t-2" })).toBe("iteration 11 · score −3 · task t-2");
    expect(iterationRowLabel({ n: 2, score: null, task: null })).toBe("iteration 2");
    expect(formatScore(2.5)).toBe("+2.5");
  });

  test("a top-level agent span stands for the iteration whose band holds its end", () => {
    const bands = iterationBands([
      { n: 1, ts_ms: 100 },
      { n: 2, ts_ms: 300 },
    ]);
    expect(iterationAtEnd(bands, 100)).toBe(1);
    expect(iterationAtEnd(bands, 250)).toBe(2);
    expect(iterationAtEnd(bands, 301)).toBeNull();
  });

  test("every iteration number that fits is shown; one is dropped only where it would overlap", () => {
    // 10 iterations of 100 ms over 1000 px: 100 px each, all fit.
    const bands = iterationBands(Array.from({ length: 10 }, (_, k) => ({ n: k + 1, ts_ms: (k + 1) * 100 })));
    expect(fitIterationLabels(bands, { startMs: 0, endMs: 1000 }, 1000).map((l) => l.n)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    // Over 200 px the bands are 20 px apart and a label is wider: every other one is kept, none overlap.
    const narrow = fitIterationLabels(bands, { startMs: 0, endMs: 1000 }, 200);
    expect(narrow.length).toBeGreaterThan(3);
    for (let k = 1; k < narrow.length; k++)
      expect(narrow[k]!.x).toBeGreaterThanOrEqual(narrow[k - 1]!.x + labelWidthPx(narrow[k - 1]!.text));
  });
});

describe("halt labels in parts", () => {
  const lines = haltLines(
    {
      halt: { iteration: 11, at: at(600), reason: "same_error" },
      savings: { iterations: 9, tokens: 0, ms: 0, cost_usd: null },
      layers: [{ layer: "token", kind: "trip" as const, at: at(300), iteration: 6 }],
    },
    [6, 11, 12],
    T0 * 1000,
    900_000,
  );

  test("the parts make the label, word for word", () => {
    for (const l of lines) expect(haltLabelOf(l.parts)).toBe(l.label);
  });

  test("each names its breaker's glossary kind, its iteration and, in the detail, the reason", () => {
    expect(lines.map((l) => [l.parts.breaker, l.parts.verdict, l.parts.iterationText])).toEqual([
      ["loop", "would have halted here", "iteration 11"],
      ["layer", "three-layer trip", "iteration 6"],
    ]);
    expect(lines[0]!.parts.detail).toMatch(/^ \(same_error\) · saves 9 iterations$/);
    for (const l of lines) expect(findTerm("breaker", l.parts.breaker)).toBeDefined();
  });
});
