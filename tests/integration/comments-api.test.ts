// The comments API on PGlite and Postgres (docs/api.md#comments): oldest
// first, validation naming the field, 404 for an unknown run; anchors (span,
// iteration, moment), the span and iteration filters, replies, edit and
// delete with accounts off (anyone may).
import { describe, expect, test } from "vitest";
import { GET, POST } from "@/app/api/v1/runs/[runId]/comments/route";
import { DELETE, PATCH } from "@/app/api/v1/runs/[runId]/comments/[commentId]/route";
import type { CommentOut } from "@/lib/schemas/comments";
import { targets } from "./support/databases";
import { ingestFile, EXAMPLES } from "./support/ingest";
import { call, serveDatabase } from "./support/route";

type Body = {
  comments?: CommentOut[];
  comment?: CommentOut;
  error?: { code: string; message: string; details?: { issues?: { path: string; message: string }[] } };
};

describe.each(targets)("comments API on $name", (target) => {
  serveDatabase(target, async (db) => {
    await ingestFile(db, `${EXAMPLES}/healthy-run.jsonl`);
  });
  const runId = "r-healthy";
  const post = (id: string, body: unknown) =>
    call(
      POST,
      `/api/v1/runs/${id}/comments`,
      { runId: id },
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      },
    ) as Promise<{ status: number; body: Body }>;
  const list = (id: string, query = "") =>
    call(GET, `/api/v1/runs/${id}/comments${query}`, { runId: id }) as Promise<{ status: number; body: Body }>;
  const change = (method: "PATCH" | "DELETE", commentId: string, body?: unknown) =>
    call(
      method === "PATCH" ? PATCH : DELETE,
      `/api/v1/runs/${runId}/comments/${commentId}`,
      { runId, commentId },
      {
        method,
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
    ) as Promise<{ status: number; body: Body }>;
  const issues = (res: { body: Body }) => res.body.error?.details?.issues?.map((i) => i.path);

  test("a run starts with no comments", async () => {
    expect(await list(runId)).toMatchObject({ status: 200, body: { comments: [] } });
  });

  test("posted comments come back trimmed, with an id and a time, oldest first", async () => {
    const first = await post(runId, { author: "  ana ", body: "the probe at 29 failed again" });
    expect(first.status).toBe(201);
    expect(first.body.comment).toMatchObject({ author: "ana", body: "the probe at 29 failed again" });
    expect(first.body.comment?.comment_id).toMatch(/^c-[0-9a-f-]{36}$/);
    expect(first.body.comment?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    await post(runId, { author: "ben", body: "second" });
    const { body } = await list(runId);
    expect(body.comments?.map((c) => [c.author, c.body])).toEqual([
      ["ana", "the probe at 29 failed again"],
      ["ben", "second"],
    ]);
  });

  test("a missing or blank field is a 400 naming it", async () => {
    const noAuthor = await post(runId, { body: "x" });
    expect(noAuthor.status).toBe(400);
    expect(noAuthor.body.error?.details?.issues).toEqual([{ path: "author", message: "author is required" }]);
    expect(noAuthor.body.error?.message).toBe("author is required");
    const blankBody = await post(runId, { author: "ana", body: "   " });
    expect(blankBody.status).toBe(400);
    expect(blankBody.body.error?.details?.issues).toEqual([{ path: "body", message: "body must not be empty" }]);
    expect((await post(runId, "{not json")).status).toBe(400);
  });

  test("an unknown run is a 404 for both verbs", async () => {
    expect((await list("r-nope")).status).toBe(404);
    expect((await post("r-nope", { author: "a", body: "b" })).status).toBe(404);
  });

  test("a comment is anchored to a span, an iteration or a moment, and comes back with it", async () => {
    const onSpan = await post(runId, { author: "ana", body: "slow", span_id: "it1.s01" });
    expect(onSpan.status).toBe(201);
    expect(onSpan.body.comment).toMatchObject({ span_id: "it1.s01", iteration: null, at: null, parent_id: null });
    expect(onSpan.body.comment?.edited_at).toBeNull();
    const onIteration = await post(runId, { author: "ana", body: "score drops", iteration: 2 });
    expect(onIteration.body.comment).toMatchObject({ iteration: 2, span_id: null });
    const atMoment = await post(runId, { author: "ana", body: "here", at: "2026-03-04T10:00:05+01:00" });
    expect(atMoment.body.comment?.at).toBe("2026-03-04T09:00:05.000000Z");
  });

  test("a span not in the run, a bad iteration, two anchors or a bad moment are each a 400 naming the field", async () => {
    expect(issues(await post(runId, { author: "a", body: "b", span_id: "no-such-span" }))).toEqual(["span_id"]);
    for (const iteration of [0, -1, 1.5, "3"])
      expect(issues(await post(runId, { author: "a", body: "b", iteration }))).toEqual(["iteration"]);
    expect(issues(await post(runId, { author: "a", body: "b", span_id: "it1.s01", iteration: 2 }))).toEqual([
      "iteration",
    ]);
    expect(issues(await post(runId, { author: "a", body: "b", at: "yesterday" }))).toEqual(["at"]);
    expect((await list(runId, "?iteration=zero")).status).toBe(400);
  });

  test("a reply joins its thread; a reply to a reply or to another run's comment is a 400 naming parent_id", async () => {
    const root = (await post(runId, { author: "ana", body: "thread", span_id: "it1.s02" })).body.comment!;
    const reply = await post(runId, { author: "ben", body: "reply", parent_id: root.comment_id });
    expect(reply.body.comment).toMatchObject({ parent_id: root.comment_id, span_id: null });
    const nested = await post(runId, { author: "cy", body: "deeper", parent_id: reply.body.comment!.comment_id });
    expect(issues(nested)).toEqual(["parent_id"]);
    expect(issues(await post(runId, { author: "cy", body: "x", parent_id: "c-unknown" }))).toEqual(["parent_id"]);
    expect(
      issues(await post(runId, { author: "cy", body: "x", parent_id: root.comment_id, span_id: "it1.s02" })),
    ).toEqual(["span_id"]);
  });

  test("?span_id= and ?iteration= keep the threads anchored there, replies included", async () => {
    const bySpan = await list(runId, "?span_id=it1.s02");
    expect(bySpan.body.comments?.map((c) => c.body)).toEqual(["thread", "reply"]);
    expect((await list(runId, "?iteration=2")).body.comments?.map((c) => c.body)).toEqual(["score drops"]);
    expect((await list(runId, "?span_id=nothing-here")).body.comments).toEqual([]);
  });

  test("with accounts off anyone edits a comment (edited_at is stamped) and deletes it with its replies", async () => {
    const [root] = (await list(runId, "?span_id=it1.s02")).body.comments!;
    const edited = await change("PATCH", root!.comment_id, { body: "  thread, edited " });
    expect(edited.status).toBe(200);
    expect(edited.body.comment).toMatchObject({ body: "thread, edited", created_at: root!.created_at });
    expect(edited.body.comment?.edited_at).toMatch(/Z$/);
    expect(issues(await change("PATCH", root!.comment_id, { body: " " }))).toEqual(["body"]);
    expect((await change("PATCH", root!.comment_id, { body: "x", span_id: "it1.s01" })).status).toBe(400);
    const gone = await change("DELETE", root!.comment_id);
    expect(gone).toMatchObject({ status: 200, body: { comment: { comment_id: root!.comment_id } } });
    expect((await list(runId, "?span_id=it1.s02")).body.comments).toEqual([]);
    expect((await list(runId)).body.comments?.some((c) => c.body === "reply")).toBe(false);
    expect((await change("DELETE", root!.comment_id)).status).toBe(404);
    expect((await change("PATCH", "c-unknown", { body: "x" })).status).toBe(404);
  });
});
