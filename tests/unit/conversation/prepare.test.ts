import { describe, expect, test } from "vitest";
import { prepareConversation, type Conversation } from "@/lib/conversation/prepare";
import { makeIteration, makeSource, makeSpan } from "./factories";

/** Each turn as its anchor and its items' span ids. */
const layout = (c: Conversation) => c.turns.map((t) => [t.anchor, t.items.map((i) => i.spanId)]);

describe("grouping a run's calls under its turns", () => {
  test("a call that names its iteration goes under that turn, whatever its time", () => {
    // turn 1: 0–10 s, turn 2: 10–20 s; "late" ran at 15 s but says iteration 1
    const c = prepareConversation(
      makeSource(
        [makeIteration(1, 10, { startedAtS: 0 }), makeIteration(2, 20, { startedAtS: 10 })],
        [
          makeSpan("a", 1, { iteration: 1 }),
          makeSpan("b", 12, { iteration: 2 }),
          makeSpan("late", 15, { iteration: 1 }),
        ],
      ),
    );
    expect(layout(c)).toEqual([
      ["turn-1", ["a", "late"]],
      ["turn-2", ["b"]],
    ]);
  });

  test("a call without an iteration goes under the last turn that started at or before it", () => {
    // prompts at 5 s and 20 s; calls at 6 s, 20 s (the second prompt's moment) and 30 s
    const c = prepareConversation(
      makeSource(
        [makeIteration(1, 19, { startedAtS: 5 }), makeIteration(2, 40, { startedAtS: 20 })],
        [makeSpan("x", 6), makeSpan("y", 20), makeSpan("z", 30)],
      ),
    );
    expect(layout(c)).toEqual([
      ["turn-1", ["x"]],
      ["turn-2", ["y", "z"]],
    ]);
  });

  test("calls before the first prompt get a group of their own, first", () => {
    const c = prepareConversation(
      makeSource(
        [makeIteration(1, 20, { startedAtS: 10, prompt: "fix it" })],
        [makeSpan("early", 2), makeSpan("in", 11)],
      ),
    );
    expect(layout(c)).toEqual([
      ["turn-before", ["early"]],
      ["turn-1", ["in"]],
    ]);
    expect(c.turns[0]?.title).toBe("Before the first prompt");
  });

  test("a loop's iterations without started_at start where the previous one ended, the first at the run's start", () => {
    // iterations end at 10 s and 20 s; a call at 0 s is the first's, one at 10 s the second's
    const c = prepareConversation(
      makeSource(
        [makeIteration(1, 10), makeIteration(2, 20)],
        [makeSpan("a", 0), makeSpan("b", 10), makeSpan("c", 19)],
      ),
    );
    expect(layout(c)).toEqual([
      ["turn-1", ["a"]],
      ["turn-2", ["b", "c"]],
    ]);
  });

  test("a call naming an iteration the run has no record of makes a turn of that number", () => {
    const c = prepareConversation(makeSource([], [makeSpan("a", 1, { iteration: 3 }), makeSpan("b", 2)]));
    expect(layout(c)).toEqual([
      ["turn-before", ["b"]],
      ["turn-3", ["a"]],
    ]);
    expect(c.turns[0]?.title).toBe("Calls");
  });

  test("a run without prompts or texts still lists its iterations and their calls", () => {
    const c = prepareConversation(makeSource([makeIteration(1, 10), makeIteration(2, 20)], [makeSpan("a", 1)]));
    expect(layout(c)).toEqual([
      ["turn-1", ["a"]],
      ["turn-2", []],
    ]);
    expect([c.hasPrompts, c.hasTexts]).toEqual([false, false]);
  });

  test("turns read in number order, each with its prompt, time and offset from the run's start", () => {
    const c = prepareConversation(
      makeSource(
        [makeIteration(2, 200, { startedAtS: 125, prompt: "two" }), makeIteration(1, 100, { prompt: "one" })],
        [],
      ),
    );
    expect(c.turns.map((t) => [t.title, t.prompt, t.timeLabel, t.offsetLabel])).toEqual([
      ["Turn 1", "one", "00:00:00 UTC", "+0 s"],
      ["Turn 2", "two", "00:02:05 UTC", "+2m 5s"],
    ]);
  });

  test("when the calls were cut, the turns after the last call read are left out and counted", () => {
    const c = prepareConversation(
      makeSource(
        [
          makeIteration(1, 10, { startedAtS: 0 }),
          makeIteration(2, 20, { startedAtS: 10 }),
          makeIteration(3, 30, { startedAtS: 20 }),
        ],
        [makeSpan("a", 1), makeSpan("b", 5)],
        40,
      ),
    );
    expect(layout(c)).toEqual([["turn-1", ["a", "b"]]]);
    expect([c.moreSpans, c.moreTurns]).toEqual([40, 2]);
  });
});

describe("preparing each call", () => {
  test("an llm span is the assistant's text with its thinking length", () => {
    const c = prepareConversation(
      makeSource(
        [],
        [makeSpan("m", 1, { kind: "llm", name: "claude", output: "I will run the tests.", thinkingChars: 812 })],
      ),
    );
    expect(c.turns[0]?.items[0]).toMatchObject({ type: "llm", text: "I will run the tests.", thinkingChars: 812 });
    expect(c.hasTexts).toBe(true);
  });

  test("a tool call gets its summary, result head, failure line and duration", () => {
    const c = prepareConversation(
      makeSource(
        [],
        [
          makeSpan("t", 1, {
            input: { command: "pytest" },
            output: "1 failed",
            ok: false,
            error: "\nexit code 1\nmore detail",
          }),
        ],
      ),
    );
    expect(c.turns[0]?.items[0]).toMatchObject({
      type: "tool",
      summary: "pytest",
      result: "1 failed",
      resultIsHead: false,
      ok: false,
      errorLine: "exit code 1",
      durationLabel: "500 ms",
    });
  });

  test("an Edit carries its diff; an input too large to read carries none and says so", () => {
    const edit = { file_path: "/a", old_string: "x", new_string: "y" };
    const c = prepareConversation(
      makeSource(
        [],
        [makeSpan("e", 1, { name: "Edit", input: edit }), makeSpan("big", 2, { name: "Edit", inputTooLarge: true })],
      ),
    );
    const [e, big] = c.turns[0]!.items;
    expect(e?.type === "tool" && e.diff?.blocks[0]?.lines.map((l) => l.op)).toEqual(["del", "add"]);
    expect(big?.type === "tool" && [big.diff, big.summary]).toEqual([null, "(its input is too large to show here)"]);
  });

  test("a call nested under a listed call is one deeper; under an unlisted container it is not", () => {
    // task ─ read ─ grep; "loose" hangs under an iteration container that is not a call
    const c = prepareConversation(
      makeSource(
        [],
        [
          makeSpan("task", 1, { name: "Task" }),
          makeSpan("read", 2, { parentId: "task" }),
          makeSpan("grep", 3, { parentId: "read" }),
          makeSpan("loose", 4, { parentId: "it-1" }),
        ],
      ),
    );
    expect(c.turns[0]?.items.map((i) => [i.spanId, i.depth])).toEqual([
      ["task", 0],
      ["read", 1],
      ["grep", 2],
      ["loose", 0],
    ]);
  });
});
