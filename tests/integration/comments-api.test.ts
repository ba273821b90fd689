// GET/POST /api/v1/runs/{run_id}/comments on PGlite and Postgres: oldest
// first, validation naming the field, 404 for an unknown run.
import { describe, expect, test } from "vitest";
import { GET, POST } from "@/app/api/v1/runs/[runId]/comments/route";
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
  const list = (id: string) =>
    call(GET, `/api/v1/runs/${id}/comments`, { runId: id }) as Promise<{ status: number; body: Body }>;

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
});
