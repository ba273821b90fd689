// Accounts on (docs/accounts.md) on PGlite and Postgres: the first admin,
// scrypt-hashed passwords, sessions stored hashed, sign-out and expiry, and
// what each role may do through the real route handlers.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { POST as setup } from "@/app/api/v1/auth/setup/route";
import { DELETE as signOut, GET as whoAmI, POST as signIn } from "@/app/api/v1/auth/session/route";
import { DELETE as deleteRun } from "@/app/api/v1/runs/[runId]/route";
import { POST as comment } from "@/app/api/v1/runs/[runId]/comments/route";
import { GET as getSettings, PUT as putSettings } from "@/app/api/v1/settings/route";
import { GET as listUsers, POST as addUser } from "@/app/api/v1/users/route";
import { POST as ingest } from "@/app/api/v1/ingest/route";
import { rowsOf } from "@/db/client";
import { hashSecret } from "@/lib/auth/tokens";
import { targets } from "./support/databases";
import { cookieOf, useAccountsOn } from "./support/auth";
import { EXAMPLES, ingestFile } from "./support/ingest";
import { call, serveDatabase } from "./support/route";

const ADMIN = { name: "Ada", email: "Ada@Example.test", password: "correct horse battery" };
const json = (body: unknown, cookie = "", method = "POST") => ({
  method,
  headers: { "content-type": "application/json", ...(cookie && { cookie }) },
  body: JSON.stringify(body),
});
const get = (cookie: string) => ({ headers: { cookie } });

describe.each(targets)("accounts on $name", (target) => {
  useAccountsOn();
  const suite = serveDatabase(target, (db) => ingestFile(db, `${EXAMPLES}/healthy-run.jsonl`));
  let adminCookie = "";

  const signInAs = async (email: string, password: string) => {
    const res = await call(signIn, "/api/v1/auth/session", {}, json({ email, password }));
    return { ...res, cookie: cookieOf(res.headers) };
  };

  test("the first setup creates an admin and signs them in with an HttpOnly session cookie", async () => {
    const res = await call(setup, "/api/v1/auth/setup", {}, json(ADMIN));
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ name: "Ada", email: "ada@example.test", role: "admin" });
    expect(res.headers.get("set-cookie")).toMatch(/^loopscope_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax/);
    adminCookie = cookieOf(res.headers);
    const me = await call(whoAmI, "/api/v1/auth/session", {}, get(adminCookie));
    expect(me.body).toMatchObject({ auth: "on", user: { email: "ada@example.test", role: "admin" } });
  });

  test("a second setup is a 409, even when it races another: one admin only", async () => {
    const late = await call(setup, "/api/v1/auth/setup", {}, json({ ...ADMIN, email: "eve@example.test" }));
    expect(late).toMatchObject({ status: 409, body: { error: { code: "conflict" } } });
    await suite.db.execute(sql`DELETE FROM users WHERE email = 'ada@example.test'`);
    const racing = await Promise.all(
      ["one@example.test", "two@example.test"].map((email) =>
        call(setup, "/api/v1/auth/setup", {}, json({ ...ADMIN, email })),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409]);
    const winner = racing.find((r) => r.status === 201)!;
    await suite.db.execute(sql`UPDATE users SET email = 'ada@example.test' WHERE email = ${winner.body.user.email}`);
    adminCookie = cookieOf(winner.headers);
  });

  test("a password is stored as a salted scrypt hash, never as written", async () => {
    const rows = rowsOf<{ password_hash: string }>(await suite.db.execute(sql`SELECT password_hash FROM users`));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(rows[0]!.password_hash).not.toContain(ADMIN.password);
  });

  test("sign-in takes the email in any case; a wrong password and an unknown email are the same 401", async () => {
    const ok = await signInAs("ADA@example.test", ADMIN.password);
    expect(ok.status).toBe(200);
    const wrong = await signInAs(ADMIN.email, "not the password");
    const unknown = await signInAs("nobody@example.test", ADMIN.password);
    expect(wrong).toMatchObject({
      status: 401,
      body: { error: { code: "unauthorized", message: "wrong email or password" } },
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  test("a session is stored only as the SHA-256 of its token", async () => {
    const { cookie } = await signInAs(ADMIN.email, ADMIN.password);
    const token = cookie.split("=")[1]!;
    const rows = rowsOf<{ token_hash: string }>(await suite.db.execute(sql`SELECT token_hash FROM sessions`));
    expect(rows.map((r) => r.token_hash)).toContain(hashSecret(token));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  test("after sign-out, or once expired, the session cookie reads nothing: 401", async () => {
    const a = await signInAs(ADMIN.email, ADMIN.password);
    expect((await call(getSettings, "/api/v1/settings", {}, get(a.cookie))).status).toBe(200);
    await call(signOut, "/api/v1/auth/session", {}, { method: "DELETE", headers: { cookie: a.cookie } });
    expect((await call(getSettings, "/api/v1/settings", {}, get(a.cookie))).status).toBe(401);
    const b = await signInAs(ADMIN.email, ADMIN.password);
    const hash = hashSecret(b.cookie.split("=")[1]!);
    await suite.db.execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = ${hash}`,
    );
    expect((await call(getSettings, "/api/v1/settings", {}, get(b.cookie))).status).toBe(401);
  });

  test("a viewer reads and comments as themself, but may not ingest, delete, change settings or see users", async () => {
    const viewer = { name: "Vic Viewer", email: "vic@example.test", password: "viewer password 1", role: "viewer" };
    expect((await call(addUser, "/api/v1/users", {}, json(viewer, adminCookie))).status).toBe(201);
    const { cookie } = await signInAs(viewer.email, viewer.password);
    expect((await call(getSettings, "/api/v1/settings", {}, get(cookie))).status).toBe(200);
    const posted = await call(
      comment,
      "/api/v1/runs/r-healthy/comments",
      { runId: "r-healthy" },
      json({ author: "someone else", body: "hi" }, cookie),
    );
    expect(posted).toMatchObject({ status: 201, body: { comment: { author: "Vic Viewer", body: "hi" } } });
    const del = await call(
      deleteRun,
      "/api/v1/runs/r-healthy",
      { runId: "r-healthy" },
      { method: "DELETE", headers: { cookie } },
    );
    expect(del).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    expect((await call(putSettings, "/api/v1/settings", {}, json({}, cookie, "PUT"))).status).toBe(403);
    expect((await call(listUsers, "/api/v1/users", {}, get(cookie))).status).toBe(403);
    const sent = await call(
      ingest,
      "/api/v1/ingest",
      {},
      { method: "POST", headers: { cookie, "content-type": "application/x-ndjson" }, body: "{}" },
    );
    expect(sent.status).toBe(403);
  });

  test("an editor ingests and deletes, but may not change settings", async () => {
    const editor = { name: "Ed", email: "ed@example.test", password: "editor password 1", role: "editor" };
    expect((await call(addUser, "/api/v1/users", {}, json(editor, adminCookie))).status).toBe(201);
    const { cookie } = await signInAs(editor.email, editor.password);
    expect((await call(putSettings, "/api/v1/settings", {}, json({}, cookie, "PUT"))).status).toBe(403);
    const del = await call(
      deleteRun,
      "/api/v1/runs/r-healthy",
      { runId: "r-healthy" },
      { method: "DELETE", headers: { cookie } },
    );
    expect(del.status).toBe(200);
  });

  test("an email can hold one account: adding it twice is a 409", async () => {
    const again = { name: "Ada 2", email: "ada@example.test", password: "another password", role: "viewer" };
    expect((await call(addUser, "/api/v1/users", {}, json(again, adminCookie))).status).toBe(409);
  });
});
