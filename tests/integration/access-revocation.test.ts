// Taking access back (docs/accounts.md#taking-access-back) on PGlite and
// Postgres through the real route handlers: a role change, removal, "sign out
// everywhere", a password change and an admin's one-time reset link each end
// the user's sessions at once; the last admin stays; an idle session ends and
// maintenance purges what ended.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { POST as setup } from "@/app/api/v1/auth/setup/route";
import { GET as whoAmI, POST as signIn } from "@/app/api/v1/auth/session/route";
import { PUT as changePassword } from "@/app/api/v1/auth/password/route";
import { POST as useReset } from "@/app/api/v1/auth/password-reset/route";
import { POST as addUser } from "@/app/api/v1/users/route";
import { DELETE as removeUser, PATCH as patchUser } from "@/app/api/v1/users/[userId]/route";
import { DELETE as endSessions } from "@/app/api/v1/users/[userId]/sessions/route";
import { POST as makeReset } from "@/app/api/v1/users/[userId]/password-reset/route";
import { POST as postComment } from "@/app/api/v1/runs/[runId]/comments/route";
import { rowsOf } from "@/db/client";
import { MAINTENANCE_TASKS, runMaintenance } from "@/db/queue/maintenance";
import { hashSecret } from "@/lib/auth/tokens";
import { targets } from "./support/databases";
import { ENV_KEY, bearer, cookieOf, useAccountsOn } from "./support/auth";
import { EXAMPLES, ingestFile } from "./support/ingest";
import { call, serveDatabase } from "./support/route";

const ADA = { name: "Ada", email: "ada@example.test", password: "correct horse battery" };
const BOB = { name: "Bob", email: "bob@example.test", password: "bobs first password", role: "viewer" };
const send = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { "content-type": "application/json", ...headers },
  body: body === undefined ? undefined : JSON.stringify(body),
});
const as = (cookie: string) => ({ cookie });
const PUBLIC_USER_KEYS = ["created_at", "email", "name", "role", "user_id"];

describe.each(targets)("taking access back on $name", (target) => {
  useAccountsOn();
  const suite = serveDatabase(target, (db) => ingestFile(db, `${EXAMPLES}/healthy-run.jsonl`));
  let ada = { id: "", cookie: "" };
  let bobId = "";

  const signInAs = async (email: string, password: string) => {
    const res = await call(signIn, "/api/v1/auth/session", {}, send("POST", { email, password }));
    return { status: res.status, cookie: cookieOf(res.headers) };
  };
  const who = async (cookie: string) =>
    (await call(whoAmI, "/api/v1/auth/session", {}, { headers: as(cookie) })).body.user as { email: string } | null;
  const sessionsOf = async (userId: string) =>
    rowsOf<{ n: number | string }>(
      await suite.db.execute(sql`SELECT count(*) AS n FROM sessions WHERE user_id = ${userId}`),
    ).map((r) => Number(r.n))[0];
  const bobIn = async (password = BOB.password) => (await signInAs(BOB.email, password)).cookie;
  const patch = (userId: string, role: string, headers: Record<string, string> = as(ada.cookie)) =>
    call(patchUser, `/api/v1/users/${userId}`, { userId }, send("PATCH", { role }, headers));

  test("setup: an admin, and a viewer the admin adds", async () => {
    const made = await call(setup, "/api/v1/auth/setup", {}, send("POST", ADA));
    ada = { id: made.body.user.user_id, cookie: cookieOf(made.headers) };
    const added = await call(addUser, "/api/v1/users", {}, send("POST", BOB, as(ada.cookie)));
    expect(added.status).toBe(201);
    bobId = added.body.user.user_id;
  });

  test("a role change takes effect and ends the user's sessions at once; only an admin may make it", async () => {
    const [one, two] = [await bobIn(), await bobIn()];
    expect(await who(one)).toMatchObject({ email: BOB.email });
    const refused = await patch(ada.id, "viewer", as(one));
    expect(refused).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    const changed = await patch(bobId, "editor");
    expect(changed).toMatchObject({ status: 200, body: { user: { user_id: bobId, role: "editor" } } });
    expect(Object.keys(changed.body.user).sort()).toEqual(PUBLIC_USER_KEYS); // never the hash
    expect(await who(one)).toBeNull();
    expect(await who(two)).toBeNull();
    expect(await sessionsOf(bobId)).toBe(0);
    expect((await patch(bobId, "owner")).status).toBe(400);
    expect((await patch("u-nobody", "viewer")).status).toBe(404);
  });

  test("the last admin can be neither demoted nor removed; two admins demoting each other at once leave one", async () => {
    const demote = await patch(ada.id, "editor");
    expect(demote).toMatchObject({ status: 409, body: { error: { code: "conflict" } } });
    expect(demote.body.error.message).toContain("last admin");
    const remove = await call(
      removeUser,
      `/api/v1/users/${ada.id}`,
      { userId: ada.id },
      send("DELETE", undefined, as(ada.cookie)),
    );
    expect(remove.status).toBe(409);

    expect((await patch(bobId, "admin")).status).toBe(200);
    // Two admins demoted at once (by the env key, so neither request loses its session to the other).
    const racing = await Promise.all([
      patch(bobId, "viewer", bearer(ENV_KEY)),
      patch(ada.id, "viewer", bearer(ENV_KEY)),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    const admins = rowsOf<{ n: number | string }>(
      await suite.db.execute(sql`SELECT count(*) AS n FROM users WHERE role = 'admin'`),
    );
    expect(Number(admins[0]!.n)).toBe(1);
    // Put the cast back: Ada admin (signed in again if she was demoted), Bob a viewer.
    await suite.db.execute(sql`UPDATE users SET role = 'admin' WHERE user_id = ${ada.id}`);
    ada.cookie = (await signInAs(ADA.email, ADA.password)).cookie;
    expect((await patch(bobId, "viewer")).status).toBe(200);
  });

  test("sign out everywhere: the user for themself (this browser too), an admin for anyone, nobody else", async () => {
    const [one, two] = [await bobIn(), await bobIn()];
    const url = (id: string) => `/api/v1/users/${id}/sessions`;
    const other = await call(endSessions, url(ada.id), { userId: ada.id }, send("DELETE", undefined, as(one)));
    expect(other.status).toBe(403);
    const own = await call(endSessions, url(bobId), { userId: bobId }, send("DELETE", undefined, as(one)));
    expect(own).toMatchObject({ status: 200, body: { user_id: bobId, sessions_ended: 2 } });
    expect(own.headers.get("set-cookie")).toMatch(/^loopscope_session=; .*Max-Age=0/);
    expect([await who(one), await who(two)]).toEqual([null, null]);

    const three = await bobIn();
    const byAdmin = await call(endSessions, url(bobId), { userId: bobId }, send("DELETE", undefined, as(ada.cookie)));
    expect(byAdmin).toMatchObject({ status: 200, body: { sessions_ended: 1 } });
    expect(byAdmin.headers.get("set-cookie")).toBeNull();
    expect(await who(three)).toBeNull();
    expect(await who(ada.cookie)).toMatchObject({ email: ADA.email });
  });

  test("a password change needs the current one, keeps this browser and ends the others", async () => {
    const [here, there] = [await bobIn(), await bobIn()];
    const put = (body: unknown, headers: Record<string, string>) =>
      call(changePassword, "/api/v1/auth/password", {}, send("PUT", body, headers));
    const wrong = await put({ current_password: "not it", new_password: "bobs second password" }, as(here));
    expect(wrong).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    const short = await put({ current_password: BOB.password, new_password: "short" }, as(here));
    expect(short.status).toBe(400);
    const byKey = await put({ current_password: "x", new_password: "bobs second password" }, bearer(ENV_KEY));
    expect(byKey.status).toBe(403);

    const ok = await put({ current_password: BOB.password, new_password: "bobs second password" }, as(here));
    expect(ok).toMatchObject({ status: 200, body: { changed: true, other_sessions_ended: 1 } });
    expect(await who(here)).toMatchObject({ email: BOB.email });
    expect(await who(there)).toBeNull();
    expect((await signInAs(BOB.email, BOB.password)).status).toBe(401);
    expect((await signInAs(BOB.email, "bobs second password")).status).toBe(200);
  });

  test("an admin's reset link: the token only after #, sessions end at once, it works once, then never", async () => {
    const before = await bobIn("bobs second password");
    const url = `/api/v1/users/${bobId}/password-reset`;
    const byViewer = await call(makeReset, url, { userId: bobId }, send("POST", undefined, as(before)));
    expect(byViewer.status).toBe(403);
    const made = await call(makeReset, url, { userId: bobId }, send("POST", undefined, as(ada.cookie)));
    expect(made.status).toBe(201);
    const link = made.body.reset_url as string;
    expect(link).toMatch(/^http:\/\/test\.local\/reset-password#token=[\w-]{43}$/);
    const token = link.split("#token=")[1]!;
    expect(await who(before)).toBeNull();
    const stored = rowsOf<{ token_hash: string }>(await suite.db.execute(sql`SELECT token_hash FROM password_resets`));
    expect(stored.map((r) => r.token_hash)).toEqual([hashSecret(token)]);

    const use = (t: string, password: string) =>
      call(useReset, "/api/v1/auth/password-reset", {}, send("POST", { token: t, new_password: password }));
    const used = await use(token, "bobs third password");
    expect(used).toMatchObject({ status: 200, body: { user: { email: BOB.email } } });
    expect(await who(cookieOf(used.headers))).toMatchObject({ email: BOB.email });
    expect((await use(token, "bobs fourth password")).status).toBe(403);
    expect((await signInAs(BOB.email, "bobs third password")).status).toBe(200);

    const again = await call(makeReset, url, { userId: bobId }, send("POST", undefined, as(ada.cookie)));
    const late = (again.body.reset_url as string).split("#token=")[1]!;
    await suite.db.execute(sql`UPDATE password_resets SET expires_at = now() - interval '1 second'`);
    const expired = await use(late, "bobs fourth password");
    expect(expired).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    expect(expired.body.error.message).toContain("expired");
  });

  test("an unused session ends after the idle timeout (LOOPSCOPE_SESSION_IDLE_DAYS), a used one moves on", async () => {
    const cookie = await bobIn("bobs third password");
    const hash = hashSecret(cookie.split("=")[1]!);
    const age = (days: number) =>
      suite.db.execute(
        sql`UPDATE sessions SET last_used_at = now() - make_interval(days => ${days}) WHERE token_hash = ${hash}`,
      );
    await age(2);
    expect(await who(cookie)).toMatchObject({ email: BOB.email });
    const [touched] = rowsOf<{ fresh: boolean }>(
      await suite.db.execute(
        sql`SELECT last_used_at > now() - interval '1 minute' AS fresh FROM sessions WHERE token_hash = ${hash}`,
      ),
    );
    expect(touched?.fresh).toBe(true);
    await age(8);
    expect(await who(cookie)).toBeNull();
    process.env.LOOPSCOPE_SESSION_IDLE_DAYS = "10";
    try {
      expect(await who(cookie)).toMatchObject({ email: BOB.email });
    } finally {
      delete process.env.LOOPSCOPE_SESSION_IDLE_DAYS;
    }
  });

  test("maintenance purges expired and idle sessions and expired reset links, and keeps the live ones", async () => {
    // A reset link ends Bob's sessions: made first, then expired.
    await call(
      makeReset,
      `/api/v1/users/${bobId}/password-reset`,
      { userId: bobId },
      send("POST", undefined, as(ada.cookie)),
    );
    await suite.db.execute(sql`UPDATE password_resets SET expires_at = now() - interval '1 second'`);
    const live = await bobIn("bobs third password");
    const idle = await bobIn("bobs third password");
    const expired = await bobIn("bobs third password");
    const hashOf = (c: string) => hashSecret(c.split("=")[1]!);
    await suite.db.execute(
      sql`UPDATE sessions SET last_used_at = now() - interval '8 days' WHERE token_hash = ${hashOf(idle)}`,
    );
    await suite.db.execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashOf(expired)}`,
    );
    await runMaintenance(
      suite.db,
      target.name,
      MAINTENANCE_TASKS.filter((t) => t.name === "sessions"),
    );
    const left = rowsOf<{ token_hash: string }>(await suite.db.execute(sql`SELECT token_hash FROM sessions`)).map(
      (r) => r.token_hash,
    );
    expect(left).toContain(hashOf(live));
    expect(left).toContain(hashOf(ada.cookie));
    expect(left).not.toContain(hashOf(idle));
    expect(left).not.toContain(hashOf(expired));
    expect(rowsOf(await suite.db.execute(sql`SELECT 1 FROM password_resets`))).toHaveLength(0);
  });

  test("removing a user ends their sessions and keeps their comments under their name", async () => {
    const cookie = await bobIn("bobs third password");
    const runId = "r-healthy";
    const posted = await call(
      postComment,
      `/api/v1/runs/${runId}/comments`,
      { runId },
      send("POST", { body: "looks fine" }, as(cookie)),
    );
    expect(posted.status).toBe(201);
    const removed = await call(
      removeUser,
      `/api/v1/users/${bobId}`,
      { userId: bobId },
      send("DELETE", undefined, as(ada.cookie)),
    );
    expect(removed).toMatchObject({ status: 200, body: { removed: true, user: { email: BOB.email } } });
    expect(Object.keys(removed.body.user).sort()).toEqual(PUBLIC_USER_KEYS);
    expect(await who(cookie)).toBeNull();
    expect(await sessionsOf(bobId)).toBe(0);
    const comments = rowsOf<{ author: string }>(
      await suite.db.execute(sql`SELECT author FROM comments WHERE run_id = ${runId}`),
    );
    expect(comments.map((c) => c.author)).toContain("Bob");
    expect((await signInAs(BOB.email, "bobs third password")).status).toBe(401);
    const gone = await call(
      removeUser,
      `/api/v1/users/${bobId}`,
      { userId: bobId },
      send("DELETE", undefined, as(ada.cookie)),
    );
    expect(gone.status).toBe(404);
  });
});
