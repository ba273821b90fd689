import { describe, expect, test } from "vitest";
import { filterConversation } from "@/lib/conversation/filter";
import { prepareConversation } from "@/lib/conversation/prepare";
import { makeIteration, makeSource, makeSpan } from "./factories";

// turn 1 "Fix the cart total": Bash pytest (fails: AssertionError), reply "The discount is wrong"
// turn 2 "Now update the README": Edit README.md (old "Usage" → new "Usage: run it")
const conversation = prepareConversation(
  makeSource(
    [
      makeIteration(1, 10, { startedAtS: 0, prompt: "Fix the cart total" }),
      makeIteration(2, 20, { startedAtS: 10, prompt: "Now update the README" }),
    ],
    [
      makeSpan("bash", 1, {
        input: { command: "pytest" },
        output: "E AssertionError: 90 != 100",
        ok: false,
        error: "exit 1",
      }),
      makeSpan("reply", 2, { kind: "llm", output: "The discount is wrong." }),
      makeSpan("edit", 11, {
        name: "Edit",
        input: { file_path: "README.md", old_string: "Usage", new_string: "Usage: run it" },
      }),
    ],
  ),
);
const kept = (q: string | undefined) =>
  filterConversation(conversation, q).conversation.turns.map((t) => [t.anchor, t.items.map((i) => i.spanId)]);

describe("the search within a run", () => {
  test("no query keeps every turn and says all of them match", () => {
    const s = filterConversation(conversation, "  ");
    expect([s.query, s.matchedTurns, s.totalTurns]).toEqual(["", 2, 2]);
    expect(s.conversation).toBe(conversation);
  });

  test("a word of a prompt keeps that whole turn, case-insensitively", () => {
    expect(kept("readme")).toEqual([["turn-2", ["edit"]]]);
    expect(kept("CART")).toEqual([["turn-1", ["bash", "reply"]]]);
  });

  test("a match in an item keeps only the matching items of its turn", () => {
    expect(kept("discount")).toEqual([["turn-1", ["reply"]]]);
  });

  test.each([
    ["a tool's input", "pytest", [["turn-1", ["bash"]]]],
    ["a tool's result head", "assertionerror", [["turn-1", ["bash"]]]],
    ["a tool's error line", "exit 1", [["turn-1", ["bash"]]]],
    ["an edit's new text", "run it", [["turn-2", ["edit"]]]],
    ["a tool's name", "edit", [["turn-2", ["edit"]]]],
  ])("matches %s", (_what, q, expected) => {
    expect(kept(q)).toEqual(expected);
  });

  test("it reports how many turns matched of how many", () => {
    const s = filterConversation(conversation, "the");
    expect([s.query, s.matchedTurns, s.totalTurns]).toEqual(["the", 2, 2]);
    expect(filterConversation(conversation, "nothing like this").matchedTurns).toBe(0);
  });
});
