// Where the timeline and the conversation pane meet (lib/conversation/anchors.ts):
// a selected span leads to its message or to the turn it ran in, and the turn
// "at the top" of a scrolled pane is the one across the reading line.
import { describe, expect, test } from "vitest";
import {
  conversationAnchorOf,
  READING_LINE_PX,
  spanAnchor,
  turnAnchor,
  turnAtTop,
  type AnchoredTurn,
} from "@/lib/conversation/anchors";
import { prepareConversation } from "@/lib/conversation/prepare";
import { makeIteration, makeSource, makeSpan, S } from "./factories";

// turn 1 starts at 0 s (calls a, b), turn 2 at 20 s (call c); the agent span "it-2" is not a call
const TURNS: AnchoredTurn[] = [
  {
    anchor: "turn-1",
    atUs: 0,
    items: [
      { spanId: "a", t0Us: 1 * S },
      { spanId: "b", t0Us: 5 * S },
    ],
  },
  { anchor: "turn-2", atUs: 20 * S, items: [{ spanId: "c", t0Us: 21 * S }] },
];

describe("a span selected on the timeline leads to its place in the conversation", () => {
  test("a call the conversation lists leads to its own message", () => {
    expect(conversationAnchorOf(TURNS, "c", 21 * S)).toBe("span-c");
    expect(conversationAnchorOf(TURNS, "a", null)).toBe("span-a");
  });

  test("any other span leads to the turn that had started when it began", () => {
    expect(conversationAnchorOf(TURNS, "it-2", 20 * S)).toBe("turn-2");
    expect(conversationAnchorOf(TURNS, "it-1", 19 * S)).toBe("turn-1");
  });

  test("a span before every turn, or with no time, leads nowhere", () => {
    expect(conversationAnchorOf(TURNS.slice(1), "early", 3 * S)).toBeNull();
    expect(conversationAnchorOf(TURNS, "unknown", null)).toBeNull();
  });

  test("a turn with no time of its own starts at its first call", () => {
    const turns: AnchoredTurn[] = [{ anchor: "turn-7", atUs: null, items: [{ spanId: "x", t0Us: 10 * S }] }];
    expect([conversationAnchorOf(turns, "y", 9 * S), conversationAnchorOf(turns, "y", 10 * S)]).toEqual([
      null,
      "turn-7",
    ]);
  });

  test("the anchors are the ones the prepared conversation renders", () => {
    const c = prepareConversation(makeSource([makeIteration(3, 10)], [makeSpan("s1", 2, { iteration: 3 })]));
    expect(c.turns[0]!.anchor).toBe(turnAnchor(3));
    expect(conversationAnchorOf(c.turns, "s1", null)).toBe(spanAnchor("s1"));
  });
});

describe("the turn at the top of the pane", () => {
  // boxes in px from the pane's visible top; the pane is 400 px tall
  const boxes = [
    { anchor: "turn-1", top: -300, bottom: 20 },
    { anchor: "turn-2", top: 32, bottom: 500 },
    { anchor: "turn-3", top: 512, bottom: 600 },
  ];

  test("is the first turn reaching below the reading line", () => {
    expect(READING_LINE_PX).toBeGreaterThan(20);
    expect(turnAtTop(boxes, 400, false)).toBe("turn-2");
  });

  test("is the turn across the line even when it began far above", () => {
    expect(turnAtTop([{ anchor: "turn-1", top: -900, bottom: 900 }, boxes[2]!], 400, false)).toBe("turn-1");
  });

  test("at the end of the pane, is the last turn in sight: a short last turn still gets its turn", () => {
    const end = [
      { anchor: "turn-2", top: -100, bottom: 320 },
      { anchor: "turn-3", top: 332, bottom: 400 },
    ];
    expect(turnAtTop(end, 400, false)).toBe("turn-2");
    expect(turnAtTop(end, 400, true)).toBe("turn-3");
  });

  test("is the last turn when every turn is above the line, and none when there are no turns", () => {
    expect(turnAtTop([{ anchor: "turn-1", top: -50, bottom: 10 }], 400, false)).toBe("turn-1");
    expect(turnAtTop([], 400, true)).toBeNull();
  });
});
