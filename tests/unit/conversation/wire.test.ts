// The conversation as its route sends it (lib/conversation/wire.ts): the
// prepared turns, valid against the response schema, without the input
// strings only the tab's search reads.
import { describe, expect, test } from "vitest";
import { prepareConversation } from "@/lib/conversation/prepare";
import { conversationResponse } from "@/lib/conversation/wire";
import { ConversationResponse } from "@/lib/schemas/conversation";
import { makeIteration, makeSource, makeSpan } from "./factories";

describe("the conversation on the wire", () => {
  const c = prepareConversation(
    makeSource(
      [makeIteration(1, 10, { prompt: "Fix it" })],
      [
        makeSpan("m1", 1, { iteration: 1, kind: "llm", name: "claude", output: "I'll look.", thinkingChars: 12 }),
        makeSpan("e1", 2, {
          iteration: 1,
          name: "Edit",
          input: { file_path: "a.ts", old_string: "x = 1", new_string: "x = 2" },
        }),
      ],
    ),
  );
  const body = conversationResponse("r-1", c);

  test("matches the response schema, turn anchors, times and diffs included", () => {
    expect(ConversationResponse.parse(body)).toEqual(body);
    expect(body.conversation.turns.map((t) => [t.anchor, t.atUs, t.prompt])).toEqual([["turn-1", 0, "Fix it"]]);
    const edit = body.conversation.turns[0]!.items[1]!;
    expect(edit.type === "tool" && edit.diff?.blocks[0]?.lines.map((l) => l.op)).toEqual(["del", "add"]);
  });

  test("leaves out a call's input strings, which only the search reads", () => {
    const prepared = c.turns[0]!.items[1]!;
    expect(prepared.type === "tool" && prepared.inputText).toContain("x = 2");
    expect(body.conversation.turns[0]!.items[1]).not.toHaveProperty("inputText");
    expect(JSON.stringify(body)).not.toContain('"inputText"');
  });
});
