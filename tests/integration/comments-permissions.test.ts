// Comments with accounts on (docs/accounts.md#comments, docs/api.md#comments) on
// PGlite and Postgres: a signed-in user is the author of what they post;
// only the author or an admin may edit or delete it, another user gets a 403.
import { describe, expect, test } from "vitest";
import { POST as setup } from "@/app/api/v1/auth/setup/route";
import { POST as signIn } from "@/app/api/v1/auth/session/route";
import { POST as addUser } from "@/app/api/v1/users/route";
import { POST as postComment } from "@/app/api/v1/runs/[runId]/comments/route";
import { DELETE, PATCH } from "@/app/api/v1/runs/[runId]/comments/[commentId]/route";
import type { CommentOut } from "@/lib/schemas/comments";
import { targets } from "./support/databases";
import { cookieOf, useAccountsOn } from "./support/auth";
import { EXAMPLES, ingestFile } from "./support/ingest";
import { call, serveDatabase } from "./support/route";

const RUN = "r-healthy";
const ADMIN = { name: "Ada", email: "ada@example.test", password: "correct horse battery" };
const VIC = { name: "Vic", email: "vic@example.test", password: "viewer password 1", role: "viewer" };
const EVE = { name: "Eve", email: "eve@example.test", password: "editor password 1", role: "editor" };

const send = (body: unknown, cookie: string, method = "POST") => ({
  method,
  headers: { "content-type": "application/json", cookie },
  body: body === undefined ? undefined : JSON.stringify(body),
});
type Res = { status: number; body: { comment?: CommentOut; error?: { code: string } } };

describe.each(targets)("comment permissions with accounts on, on $name", (target) => {
  useAccountsOn();
  serveDatabase(target, (db) => ingestFile(db, `${EXAMPLES}/healthy-run.jsonl`));
  const cookies: Record<string, string> = {};
  let vicComment: CommentOut;

  const edit = (id: string, cookie: string) =>
    call(
      PATCH,
      `/api/v1/runs/${RUN}/comments/${id}`,
      { runId: RUN, commentId: id },
      send({ body: "edited" }, cookie, "PATCH"),
    ) as Promise<Res>;
  const remove = (id: string, cookie: string) =>
    call(
      DELETE,
      `/api/v1/runs/${RUN}/comments/${id}`,
      { runId: RUN, commentId: id },
      send(undefined, cookie, "DELETE"),
    ) as Promise<Res>;
  const post = (body: unknown, cookie: string) =>
    call(postComment, `/api/v1/runs/${RUN}/comments`, { runId: RUN }, send(body, cookie)) as Promise<Res>;

  test("the admin adds a viewer and an editor, and each signs in", async () => {
    cookies.ada = cookieOf((await call(setup, "/api/v1/auth/setup", {}, send(ADMIN, ""))).headers);
    for (const [key, u] of [
      ["vic", VIC],
      ["eve", EVE],
    ] as const) {
      expect((await call(addUser, "/api/v1/users", {}, send(u, cookies.ada))).status).toBe(201);
      const res = await call(signIn, "/api/v1/auth/session", {}, send({ email: u.email, password: u.password }, ""));
      cookies[key] = cookieOf(res.headers);
    }
  });

  test("a signed-in user's comment is theirs, whatever author the body names", async () => {
    const res = await post({ author: "someone else", body: "mine", span_id: "it1.s01" }, cookies.vic!);
    expect(res.status).toBe(201);
    expect(res.body.comment).toMatchObject({ author: "Vic", span_id: "it1.s01" });
    expect(res.body.comment?.author_user_id).toMatch(/\S/);
    vicComment = res.body.comment!;
  });

  test("another user may neither edit nor delete it", async () => {
    expect(await edit(vicComment.comment_id, cookies.eve!)).toMatchObject({
      status: 403,
      body: { error: { code: "forbidden" } },
    });
    expect((await remove(vicComment.comment_id, cookies.eve!)).status).toBe(403);
  });

  test("its author edits it", async () => {
    const res = await edit(vicComment.comment_id, cookies.vic!);
    expect(res.status).toBe(200);
    expect(res.body.comment).toMatchObject({ body: "edited", author: "Vic" });
  });

  test("an admin edits and deletes anyone's comment; without a session it is a 401", async () => {
    expect((await edit(vicComment.comment_id, "")).status).toBe(401);
    expect((await edit(vicComment.comment_id, cookies.ada!)).status).toBe(200);
    expect((await remove(vicComment.comment_id, cookies.ada!)).status).toBe(200);
  });

  test("the author deletes their own comment", async () => {
    const mine = (await post({ body: "short-lived" }, cookies.eve!)).body.comment!;
    expect((await remove(mine.comment_id, cookies.vic!)).status).toBe(403);
    expect((await remove(mine.comment_id, cookies.eve!)).status).toBe(200);
  });
});
