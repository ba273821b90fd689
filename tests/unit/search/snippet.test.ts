// lib/search/snippet.ts: a ts_headline fragment becomes plain text with the
// offsets of its matched words, and a link to the place in the conversation.
import { describe, expect, test } from "vitest";
import {
  HEADLINE_START as S,
  HEADLINE_STOP as E,
  matchHref,
  parseHeadline,
  snippetParts,
  toRunTextMatch,
} from "@/lib/search/snippet";

describe("parseHeadline", () => {
  test("the markers become offsets of the matched words; whitespace runs become one space", () => {
    const h = parseHeadline(`  Fix the ${S}flaky${E}\n\n  ${S}test${E} now `);
    expect(h.snippet).toBe("Fix the flaky test now");
    expect(h.highlights).toEqual([
      [8, 13],
      [14, 18],
    ]);
  });

  test("markup in the text stays text: nothing is interpreted", () => {
    const h = parseHeadline(`<img src=x onerror=alert(1)> ${S}boom${E}`);
    expect(h.snippet).toBe("<img src=x onerror=alert(1)> boom");
    expect(snippetParts({ snippet: h.snippet, highlights: h.highlights })).toEqual([
      { text: "<img src=x onerror=alert(1)> ", hit: false },
      { text: "boom", hit: true },
    ]);
  });

  test("an unmatched or empty marker pair highlights nothing", () => {
    expect(parseHeadline(`a ${S}${E}b ${E}c ${S}d`).highlights).toEqual([]);
  });
});

describe("a match's link", () => {
  test("a prompt links to its turn; a reply or tool call to its span; q is the word as written", () => {
    const prompt = toRunTextMatch({ kind: "prompt", ref: "key:s#3", iteration: 3, headline: `Fix the ${S}tests${E}` });
    expect(prompt).toMatchObject({ kind: "prompt", iteration: 3, span_id: null, anchor: "turn-3" });
    expect(matchHref("run 1", prompt, "test")).toBe("/runs/run%201?tab=conversation&q=tests#turn-3");
    const call = toRunTextMatch({ kind: "tool_input", ref: "toolu_1", iteration: null, headline: "no marks" });
    expect(call).toMatchObject({ span_id: "toolu_1", anchor: "span-toolu_1", highlights: [] });
    expect(matchHref("r", call, "a&b")).toBe("/runs/r?tab=conversation&q=a%26b#span-toolu_1");
  });

  test("a prompt whose turn is gone has no anchor: the link opens the tab, filtered", () => {
    const gone = toRunTextMatch({ kind: "prompt", ref: "key:s#9", iteration: null, headline: `${S}x${E}` });
    expect(gone.anchor).toBeNull();
    expect(matchHref("r", gone, "x")).toBe("/runs/r?tab=conversation&q=x");
  });
});
