// Sign-in throttling (docs/accounts.md#sign-in-throttling) through the real
// route handlers on PGlite and Postgres: 5 failures then 429 + Retry-After,
// 20 lock even the right password, the account and the address counted
// apart, an admin's unlock, a success clearing the account, setup throttled
// per address, and equal scrypt work for accounts without a password.
// Time is injected (`throttled(…, nowMs)`): no test sleeps.
import { describe, expect, test } from "vitest";
import { POST as setup } from "@/app/api/v1/auth/setup/route";
import { POST as signInRoute } from "@/app/api/v1/auth/session/route";
import { POST as addUser } from "@/app/api/v1/users/route";
import { DELETE as unlock } from "@/app/api/v1/users/[userId]/lockout/route";
import { signIn } from "@/app/_server/accounts";
import { isWrongCredentials, signInKeys, throttled } from "@/app/_server/sign-in-throttle";
import { readFailures } from "@/db/sign-in-throttle";
import { insertUser } from "@/db/users";
import { PASSWORD_COST, scrypt, type DeriveKey, type ScryptCost } from "@/lib/auth/passwords";
import { NO_PASSWORD_HASH } from "@/lib/auth/sso-config";
import { accountKey } from "@/lib/auth/throttle";
import { targets } from "./support/databases";
import { cookieOf, useAccountsOn } from "./support/auth";
import { call, serveDatabase } from "./support/route";

const ADMIN = { name: "Ada", email: "ada@example.test", password: "correct horse battery" };
const PASSWORD = "bob's long password";
const post = (body: unknown, address: string, cookie = "") => ({
  method: "POST",
  headers: { "content-type": "application/json", "x-forwarded-for": address, ...(cookie && { cookie }) },
  body: JSON.stringify(body),
});
const request = (address: string) =>
  new Request("http://test.local/api/v1/auth/session", { headers: { "x-forwarded-for": address } });
const MAX_DELAY_MS = 60_000;

describe.each(targets)("sign-in throttling on $name", (target) => {
  useAccountsOn();
  const suite = serveDatabase(target);
  let adminCookie = "";
  const userIds: Record<string, string> = {};

  const attempt = (email: string, password: string, address: string) =>
    call(signInRoute, "/api/v1/auth/session", {}, post({ email, password }, address));
  /** One sign-in through the throttle at an injected time; its status. */
  const attemptAt = (nowMs: number, email: string, password: string, address: string) =>
    throttled(signInKeys(request(address), email), () => signIn({ email, password }), isWrongCredentials, nowMs).then(
      () => 200,
      (err: { code?: string }) => (err.code === "too_many_attempts" ? 429 : 401),
    );
  /** `n` wrong passwords, each as soon as the throttle allows (a minute apart, past the longest delay). */
  const failTimes = async (n: number, email: string, address: string, fromMs: number) => {
    for (let i = 0; i < n; i++) expect(await attemptAt(fromMs + i * MAX_DELAY_MS, email, "wrong", address)).toBe(401);
  };

  test("setup and users for the cases", async () => {
    const res = await call(setup, "/api/v1/auth/setup", {}, post(ADMIN, "198.51.100.1"));
    adminCookie = cookieOf(res.headers);
    for (const name of ["bob", "carol", "dave"]) {
      const body = { name, email: `${name}@example.test`, password: PASSWORD, role: "viewer" };
      const added = await call(addUser, "/api/v1/users", {}, post(body, "198.51.100.1", adminCookie));
      userIds[name] = added.body.user.user_id;
    }
  });

  test("five failures are answered at once; the sixth attempt waits: 429 with Retry-After", async () => {
    for (let i = 0; i < 5; i++) expect((await attempt("bob@example.test", "wrong", "192.0.2.1")).status).toBe(401);
    const sixth = await attempt("bob@example.test", PASSWORD, "192.0.2.1");
    expect(sixth).toMatchObject({ status: 429, body: { error: { code: "too_many_attempts" } } });
    expect(sixth.headers.get("retry-after")).toBe("1");
  });

  test("a success clears the account's count, not the address's", async () => {
    const later = Date.now() + 2000;
    expect(await attemptAt(later, "bob@example.test", PASSWORD, "192.0.2.1")).toBe(200);
    const counts = await readFailures(suite.db, [accountKey("bob@example.test"), "address:192.0.2.1"]);
    expect(counts.get(accountKey("bob@example.test"))).toBeUndefined();
    expect(counts.get("address:192.0.2.1")?.failures).toBe(5);
  });

  test("twenty failures lock the account: the right password from another address is refused until an admin unlocks", async () => {
    await failTimes(20, "carol@example.test", "192.0.2.2", Date.now() - 20 * MAX_DELAY_MS);
    const locked = await attempt("carol@example.test", PASSWORD, "192.0.2.3");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(13 * 60);
    // Another account from that other address is not throttled.
    expect((await attempt("dave@example.test", "wrong", "192.0.2.3")).status).toBe(401);
    const res = await call(
      unlock,
      "/api/v1/users/x/lockout",
      { userId: userIds.carol! },
      {
        method: "DELETE",
        headers: { cookie: adminCookie },
      },
    );
    expect(res).toMatchObject({ status: 200, body: { user_id: userIds.carol, unlocked: true } });
    expect((await attempt("carol@example.test", PASSWORD, "192.0.2.3")).status).toBe(200);
  });

  test("unlocking is for admins, and names a user that exists", async () => {
    const viewer = cookieOf((await attempt("dave@example.test", PASSWORD, "192.0.2.4")).headers);
    const params = { userId: userIds.dave! };
    const asViewer = await call(unlock, "/", params, { method: "DELETE", headers: { cookie: viewer } });
    expect(asViewer.status).toBe(403);
    const unknown = await call(
      unlock,
      "/",
      { userId: "u-none" },
      { method: "DELETE", headers: { cookie: adminCookie } },
    );
    expect(unknown.status).toBe(404);
  });

  test("one address trying many accounts is throttled after the address limit (10)", async () => {
    const now = Date.now();
    for (let i = 0; i < 10; i++) expect(await attemptAt(now, `spray${i}@example.test`, "wrong", "192.0.2.5")).toBe(401);
    expect(await attemptAt(now, "spray10@example.test", "wrong", "192.0.2.5")).toBe(429);
    expect(await attemptAt(now, "spray10@example.test", "wrong", "192.0.2.6")).toBe(401);
  });

  test("two failures at once both count, under the account and the address", async () => {
    const now = Date.now();
    await Promise.all([1, 2].map(() => attemptAt(now, "pair@example.test", "wrong", "192.0.2.7")));
    const counts = await readFailures(suite.db, [accountKey("pair@example.test"), "address:192.0.2.7"]);
    expect([...counts.values()].map((c) => c.failures)).toEqual([2, 2]);
  });

  test("setup, refused once the admin exists, is throttled per address after 10", async () => {
    const again = () => call(setup, "/api/v1/auth/setup", {}, post(ADMIN, "192.0.2.8"));
    for (let i = 0; i < 10; i++) expect((await again()).status).toBe(409);
    const throttledSetup = await again();
    expect(throttledSetup.status).toBe(429);
    expect(throttledSetup.headers.get("retry-after")).toBe("1");
  });

  test("an unknown email and an SSO-only account run the same scrypt as a password account", async () => {
    await insertUser(suite.db, {
      name: "Sso",
      email: "sso@example.test",
      role: "viewer",
      passwordHash: NO_PASSWORD_HASH,
    });
    const costs: ScryptCost[] = [];
    const derive: DeriveKey = (password, salt, cost) => (costs.push(cost), scrypt(password, salt, cost));
    for (const email of ["nobody@example.test", "sso@example.test", "dave@example.test"])
      await expect(signIn({ email, password: "wrong" }, derive)).rejects.toMatchObject({ code: "unauthorized" });
    expect(costs).toEqual([PASSWORD_COST, PASSWORD_COST, PASSWORD_COST]);
  });
});
