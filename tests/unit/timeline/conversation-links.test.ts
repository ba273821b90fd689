// The conversation pane in the timeline's URL (lib/timeline/url-state.ts):
// `conv=1` opens it, other parameters stay, and a link to a turn opens the
// timeline with the pane on that turn's anchor.
import { describe, expect, test } from "vitest";
import {
  conversationPaneHref,
  parseConversationParam,
  withConversationParam,
  withTimelineParams,
} from "@/lib/timeline/url-state";

describe("the conversation pane's URL state", () => {
  test("conv=1 opens it; anything else or nothing leaves it closed", () => {
    expect([
      parseConversationParam({ conv: "1" }),
      parseConversationParam({ conv: "yes" }),
      parseConversationParam({}),
    ]).toEqual([true, false, false]);
  });

  test("is set and removed without touching the tab, the view or the span", () => {
    const q = withTimelineParams("?tab=timeline", { startMs: 5, endMs: 10 }, "s-1");
    expect(withConversationParam(q, true)).toBe("?tab=timeline&view=5-10&span=s-1&conv=1");
    expect(withConversationParam(withConversationParam(q, true), false)).toBe(q);
    expect(withConversationParam("", false)).toBe("");
  });

  test("a link to a turn opens the timeline with the pane on its anchor, the run id escaped", () => {
    expect(conversationPaneHref("r 1", "tab=timeline&view=0-100", "turn-3")).toBe(
      "/runs/r%201?tab=timeline&view=0-100&conv=1#turn-3",
    );
  });
});
