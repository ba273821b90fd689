// What a turn row reads and when the rows group by turn (lib/timeline/turns.ts, turn-labels.ts).
import { describe, expect, test } from "vitest";
import { TURN_LABEL_CHARS, turnLabelOf } from "@/lib/timeline/turn-labels";
import { turnGroupingOf, turnNounOf, turnRowLabel, turnView } from "@/lib/timeline/turns";
import type { TimelineRunInfo } from "@/lib/timeline/wire";

const run = (shape: string | null, labels: (string | null)[]): TimelineRunInfo => ({
  start_us: 0,
  end_ms: 100,
  span_count: 0,
  shape,
  iterations: labels.map((label, i) => ({ n: i + 1, ts_ms: (i + 1) * 10, label })),
  events: [],
});

describe("a turn row's label", () => {
  test.each([
    ["a turn reads its prompt before its command", "Fix the cart", { command: "pytest" }, "turn", "Fix the cart"],
    ["a turn with no prompt reads its first command", null, { command: "pytest -x" }, "turn", "pytest -x"],
    ["a step reads its command before the task", "Solve issue 42", { command: "ls -la" }, "step", "ls -la"],
    ["a step with no command reads its prompt", "Solve issue 42", null, "step", "Solve issue 42"],
    [
      "an argv `bash -lc script` reads the script",
      null,
      { command: ["bash", "-lc", "make test"] },
      "step",
      "make test",
    ],
    ["`cmd` serves as the command", null, { cmd: "git status" }, "turn", "git status"],
    ["neither is null", null, null, "turn", null],
    ["a blank prompt falls back to the command", "   ", { command: "ls" }, "turn", "ls"],
  ] as const)("%s", (_name, prompt, input, noun, label) => {
    expect(turnLabelOf(prompt, input, noun)).toBe(label);
  });

  test("a long prompt becomes one line cut at a word, within the limit", () => {
    const prompt = `Format the prices\nwith two decimals ${"and the currency ".repeat(20)}`;
    const label = turnLabelOf(prompt, null, "turn")!;
    expect(label.length).toBeLessThanOrEqual(TURN_LABEL_CHARS);
    expect(label).toMatch(/^Format the prices with two decimals( and the currency)+ and the…$/);
  });

  test("the row reads its noun and number, then the label", () => {
    expect(turnRowLabel("turn", 3, "Fix it")).toBe("turn 3 · Fix it");
    expect(turnRowLabel("step", 7, null)).toBe("step 7");
  });
});

describe("grouping by turn", () => {
  test("the shape names the noun: an autonomous session's iterations are steps", () => {
    expect([turnNounOf("autonomous"), turnNounOf("interactive"), turnNounOf("loop"), turnNounOf(null)]).toEqual([
      "step",
      "turn",
      "iteration",
      "turn",
    ]);
  });

  test("the labels come from the run's iterations, by n", () => {
    const g = turnGroupingOf(run("interactive", ["Fix it", null]), 0)!;
    expect(g.noun).toBe("turn");
    expect([...g.labels]).toEqual([
      [1, "Fix it"],
      [2, null],
    ]);
  });

  test("no grouping before the run's info arrives, nor when agent iteration spans group the rows", () => {
    expect(turnGroupingOf(null, 0)).toBeNull();
    expect(turnGroupingOf(run("loop", ["x"]), 3)).toBeNull();
  });

  test("a click on a turn zooms to its extent with a little room, inside the run", () => {
    expect(turnView(100, 200, { startMs: 0, endMs: 1000 })).toEqual({ startMs: 96, endMs: 204 });
    expect(turnView(0, 1000, { startMs: 0, endMs: 1000 })).toEqual({ startMs: 0, endMs: 1000 });
  });
});
