import { describe, expect, test } from "vitest";
import { commentsOfThreads, countByIteration, describeAnchor, groupThreads } from "@/lib/comments/threads";
import { makeComment } from "./factories";

// c1 (iteration 3) ← r1, r2 · c2 (span s1) ← r3 · r4 whose parent is not listed
const c1 = makeComment({ comment_id: "c1", iteration: 3 });
const c2 = makeComment({ comment_id: "c2", span_id: "s1" });
const r1 = makeComment({ comment_id: "r1", parent_id: "c1" });
const r2 = makeComment({ comment_id: "r2", parent_id: "c1" });
const r3 = makeComment({ comment_id: "r3", parent_id: "c2" });
const r4 = makeComment({ comment_id: "r4", parent_id: "gone" });
const ALL = [c1, r1, c2, r2, r3, r4];

describe("comment threads", () => {
  test("a thread is a first comment and its replies in list order; orphan replies are left out", () => {
    expect(groupThreads(ALL).map((t) => [t.root.comment_id, t.replies.map((r) => r.comment_id)])).toEqual([
      ["c1", ["r1", "r2"]],
      ["c2", ["r3"]],
    ]);
  });

  test("an iteration's count takes its threads' replies too", () => {
    expect([...countByIteration(ALL)]).toEqual([[3, 3]]);
  });

  test("the comments of the kept threads come with their replies", () => {
    expect(commentsOfThreads(ALL, (c) => c.span_id === "s1").map((c) => c.comment_id)).toEqual(["c2", "r3"]);
  });

  test.each([
    [{ span_id: "s1", iteration: null, at: null }, "on span s1"],
    [{ span_id: null, iteration: 4, at: null }, "at iteration 4"],
    [{ span_id: null, iteration: null, at: "2026-03-04T10:00:00Z" }, "at <2026-03-04T10:00:00Z>"],
    [{ span_id: null, iteration: null, at: null }, null],
  ])("the anchor %j reads %s", (anchor, text) => {
    expect(describeAnchor(anchor, (iso) => `<${iso}>`)).toBe(text);
  });
});
