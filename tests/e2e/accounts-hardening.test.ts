// The built server with accounts on (docs/accounts.md#return-paths,
// docs/accounts.md#never-answered, docs/api.md#errors): a signed-in visit to
// /sign-in?return_to=… redirects to a path of this site only; the password
// form returns to a safe return_to; no answer names a password hash; a
// malformed session cookie is no session and a malformed percent-encoding in
// the path is a 400 — JSON for the API, a plain page for a page — never a 500.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ADMIN, launchBrowser, type TestBrowser } from "./support/browser";
import { startServer, type AppServer } from "./support/server";

let server: AppServer;
let browser: TestBrowser;
let cookie = "";

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${path}`, { headers, redirect: "manual" });

beforeAll(async () => {
  server = await startServer({ auth: true });
  browser = await launchBrowser(server.baseUrl);
  const created = await fetch(`${server.baseUrl}/api/v1/auth/setup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const text = await created.text();
  expect(created.status, text).toBe(201);
  expect(text).not.toMatch(/password_hash|scrypt\$/);
  cookie = (created.headers.get("set-cookie") ?? "").split(";")[0]!;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("return paths after sign-in", () => {
  test.each(["/..//evil.example", "/.//x", "/%2e%2e//x", "//evil.example", "/\\evil", "https://x"])(
    "signed in, /sign-in?return_to=%j redirects to /runs",
    async (returnTo) => {
      const res = await get(`/sign-in?return_to=${encodeURIComponent(returnTo)}`, { cookie });
      expect([303, 307]).toContain(res.status);
      const location = res.headers.get("location") ?? "";
      expect(new URL(location, server.baseUrl).href).toBe(`${server.baseUrl}/runs`);
    },
  );

  test("the password form returns to a path of this site, and never to another", async () => {
    for (const [returnTo, landing] of [
      ["/compare", "/compare"],
      ["/..//evil.example", "/runs"],
    ]) {
      await browser.context.clearCookies(); // signed out again: the previous round signed this browser in
      const page = await browser.newPage();
      await page.goto(`/sign-in?return_to=${encodeURIComponent(returnTo!)}`);
      const form = page.getByTestId("sign-in-form");
      await form.getByLabel("Email").fill(ADMIN.email);
      await form.getByLabel("Password").fill(ADMIN.password);
      await form.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${server.baseUrl}${landing}`);
      await page.close();
    }
  });
});

describe("no 500 from what a client sends", () => {
  test.each(["%", "%E0%A4%A"])("a session cookie %j is no session: 401 for the API, sign-in for a page", async (v) => {
    const api = await get("/api/v1/runs", { cookie: `loopscope_session=${v}` });
    expect(api.status).toBe(401);
    const page = await get("/runs", { cookie: `loopscope_session=${v}` });
    expect(page.status).toBe(307);
    expect(page.headers.get("location")).toContain("/sign-in");
  });

  test.each(["/api/v1/runs/%ZZ", "/api/v1/runs/%E0%A4%A", "/api/v1/runs/%E0%A4%A/spans", "/api/v1/auth/%ZZ/start"])(
    "%s is a JSON 400",
    async (path) => {
      const res = await get(path, { cookie });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: "bad_request" } });
    },
  );

  test.each(["/runs/%E0%A4%A", "/runs/%ZZ", "/docs/%E0%A4%A", "/runs/%E0%A4%A/report"])(
    "%s is a plain 400 page",
    async (path) => {
      const res = await get(path, { cookie });
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(await res.text()).toContain("This address is not valid");
    },
  );

  test("a well-formed encoded path still reaches its route", async () => {
    expect((await get("/api/v1/runs/no%20such%20run", { cookie })).status).toBe(404);
    expect((await get("/runs", { cookie })).status).toBe(200);
  });
});
