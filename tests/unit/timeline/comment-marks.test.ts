import { describe, expect, test } from "vitest";
import { groupThreads } from "@/lib/comments/threads";
import { commentMarks, placeCommentMarks } from "@/lib/timeline/comment-marks";
import { makeComment } from "../comments/factories";

// run start 10:00:00; span s1 starts at +2 s, iteration 2 at +5 s; s9 is not loaded
const START_US = Date.parse("2026-03-04T10:00:00Z") * 1000;
const lookup = {
  startUs: START_US,
  spanStartMs: (id: string) => (id === "s1" ? 2000 : null),
  iterationStartMs: (n: number) => (n === 2 ? 5000 : null),
};
const threads = groupThreads([
  makeComment({ comment_id: "at", at: "2026-03-04T10:00:01.000Z", body: "first line\nsecond" }),
  makeComment({ comment_id: "it", iteration: 2 }),
  makeComment({ comment_id: "sp", span_id: "s1" }),
  makeComment({ comment_id: "re", parent_id: "sp" }),
  makeComment({ comment_id: "gone", span_id: "s9" }),
  makeComment({ comment_id: "run" }),
]);

describe("comment marks", () => {
  test("each anchored thread is marked at its moment, span start or iteration start, by time", () => {
    expect(commentMarks(threads, lookup).map((m) => [m.commentId, m.atMs, m.spanId, m.count])).toEqual([
      ["at", 1000, null, 1],
      ["sp", 2000, "s1", 2],
      ["it", 5000, null, 1],
    ]);
  });

  test("a mark's title is the author and the first line, with its replies counted", () => {
    const [at, sp] = commentMarks(threads, lookup);
    expect(at!.title).toBe("ana: first line");
    expect(sp!.title).toBe("ana: look here (+1 reply)");
  });

  test("only the marks inside the view are placed, at their x", () => {
    const placed = placeCommentMarks(commentMarks(threads, lookup), { startMs: 1500, endMs: 5500 }, 400);
    expect(placed.map((p) => [p.mark.commentId, p.x])).toEqual([
      ["sp", 50],
      ["it", 350],
    ]);
  });
});
