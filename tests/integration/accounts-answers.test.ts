// docs/accounts.md#never-answered through the real route handlers, on PGlite
// and Postgres: no answer of the setup, session and users routes carries a
// password hash, under any key or inside any value; and a session cookie whose
// percent-encoding is malformed is no session (a 401, or "nobody" for
// GET /api/v1/auth/session), never a 500.
import { describe, expect, test } from "vitest";
import { POST as setup } from "@/app/api/v1/auth/setup/route";
import { GET as whoAmI, POST as signIn } from "@/app/api/v1/auth/session/route";
import { GET as listUsers, POST as addUser } from "@/app/api/v1/users/route";
import { GET as getSettings } from "@/app/api/v1/settings/route";
import { cookieOf, useAccountsOn } from "./support/auth";
import { targets } from "./support/databases";
import { call, serveDatabase } from "./support/route";

const ADMIN = { name: "Ada", email: "ada@example.test", password: "correct horse battery" };
const post = (body: unknown, cookie = "") => ({
  method: "POST",
  headers: { "content-type": "application/json", ...(cookie && { cookie }) },
  body: JSON.stringify(body),
});
const get = (cookie: string) => ({ headers: { cookie } });

/** Every key and every string value of a JSON answer, however deep (iterative: answers nest). */
function keysAndStrings(body: unknown): string[] {
  const out: string[] = [];
  const stack: unknown[] = [body];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === "string") out.push(value);
    else if (Array.isArray(value)) stack.push(...value);
    else if (value !== null && typeof value === "object") {
      out.push(...Object.keys(value));
      stack.push(...Object.values(value));
    }
  }
  return out;
}

function expectNoHash(answer: { status: number; body: unknown }) {
  const leaks = keysAndStrings(answer.body).filter((s) => /password_hash|passwordhash|scrypt\$/i.test(s));
  expect(leaks, `status ${answer.status}`).toEqual([]);
}

describe.each(targets)("what the accounts routes answer on $name", (target) => {
  useAccountsOn();
  serveDatabase(target);
  let adminCookie = "";

  test("no answer of setup, sign-in, who-am-I or the users routes holds a password hash", async () => {
    const created = await call(setup, "/api/v1/auth/setup", {}, post(ADMIN));
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ email: ADMIN.email, role: "admin" });
    adminCookie = cookieOf(created.headers);
    const viewer = { name: "Vic", email: "vic@example.test", password: "viewer password 1", role: "viewer" };
    const answers = [
      created,
      await call(setup, "/api/v1/auth/setup", {}, post({ ...ADMIN, email: "eve@example.test" })), // 409
      await call(signIn, "/api/v1/auth/session", {}, post({ email: ADMIN.email, password: ADMIN.password })),
      await call(signIn, "/api/v1/auth/session", {}, post({ email: ADMIN.email, password: "wrong password" })),
      await call(whoAmI, "/api/v1/auth/session", {}, get(adminCookie)),
      await call(addUser, "/api/v1/users", {}, post(viewer, adminCookie)),
      await call(addUser, "/api/v1/users", {}, post(viewer, adminCookie)), // 409
      await call(listUsers, "/api/v1/users", {}, get(adminCookie)),
    ];
    expect(answers.map((a) => a.status)).toEqual([201, 409, 200, 401, 200, 201, 409, 200]);
    for (const answer of answers) expectNoHash(answer);
    expect(answers[7]!.body.users.map((u: { email: string }) => u.email)).toEqual([ADMIN.email, viewer.email]);
    expect(Object.keys(answers[5]!.body.user).sort()).toEqual(["created_at", "email", "name", "role", "user_id"]);
  });

  test.each(["%", "%E0%A4%A", "%ZZ"])("a session cookie %j is no session: nobody, and a 401", async (value) => {
    const cookie = `loopscope_session=${value}`;
    const me = await call(whoAmI, "/api/v1/auth/session", {}, get(cookie));
    expect(me).toMatchObject({ status: 200, body: { user: null, auth: "on" } });
    const read = await call(getSettings, "/api/v1/settings", {}, get(cookie));
    expect(read).toMatchObject({ status: 401, body: { error: { code: "unauthorized" } } });
  });

  test("a malformed cookie beside a good session does not hide it", async () => {
    const me = await call(whoAmI, "/api/v1/auth/session", {}, get(`other=%; ${adminCookie}`));
    expect(me.body.user).toMatchObject({ email: ADMIN.email });
  });
});
