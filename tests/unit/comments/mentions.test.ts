import { describe, expect, test } from "vitest";
import { splitMentions } from "@/lib/comments/mentions";

const NAMES = ["Ada", "Ada Lovelace", "ben"];

describe("splitMentions", () => {
  test("an @name of a known user is a mention, the rest stays text", () => {
    expect(splitMentions("ping @ben about it", NAMES)).toEqual([
      { kind: "text", text: "ping " },
      { kind: "mention", text: "@ben", name: "ben" },
      { kind: "text", text: " about it" },
    ]);
  });

  test("the longest known name wins, matched case-insensitively", () => {
    expect(splitMentions("@ada lovelace, see", NAMES)).toEqual([
      { kind: "mention", text: "@ada lovelace", name: "Ada Lovelace" },
      { kind: "text", text: ", see" },
    ]);
  });

  test.each<[string, string, string[]]>([
    ["an unknown name", "hi @zed", NAMES],
    ["a name that goes on", "hi @benjamin", NAMES],
    ["an email address", "mail ana@ben.example", NAMES],
    ["no users at all", "hi @ben", []],
  ])("%s is not a mention", (_, text, names) => {
    expect(splitMentions(text, names)).toEqual([{ kind: "text", text }]);
  });
});
