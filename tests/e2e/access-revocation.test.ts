// Taking access back in the built app with accounts on
// (docs/accounts.md#taking-access-back, #password-reset), as an admin and a
// user in two browsers: a role change signs the user out at once; the admin's
// one-time reset link sets a new password and signs in; /account changes the
// password and signs out everywhere; removal works and the last admin stays.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ADMIN, launchBrowser, saveScreenshot, type TestBrowser } from "./support/browser";
import { startServer, type AppServer } from "./support/server";

const BOB = { name: "Bob", email: "bob@example.test", password: "bobs first password", role: "viewer" };

let server: AppServer;
let admin: TestBrowser;
let bob: TestBrowser;

beforeAll(async () => {
  server = await startServer({ auth: true });
  const post = (path: string, body: unknown, cookie = "") =>
    fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie && { cookie }) },
      body: JSON.stringify(body),
    });
  const created = await post("/api/v1/auth/setup", ADMIN);
  expect(created.status).toBe(201);
  const [name, value] = (created.headers.get("set-cookie") ?? "").split(";")[0]!.split("=");
  expect((await post("/api/v1/users", BOB, `${name}=${value}`)).status).toBe(201);
  [admin, bob] = await Promise.all([launchBrowser(server.baseUrl), launchBrowser(server.baseUrl)]);
  await admin.context.addCookies([{ name: name!, value: value!, url: server.baseUrl }]);
});
afterAll(async () => {
  await Promise.all([admin?.close(), bob?.close()]);
  await server?.stop();
});

async function signInBob(password: string) {
  await bob.context.clearCookies(); // signed in already, /sign-in would send straight on to /runs
  const page = await bob.newPage();
  await page.goto("/sign-in");
  const form = page.getByTestId("sign-in-form");
  await form.getByLabel("Email").fill(BOB.email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.baseUrl}/runs`);
  return page;
}

async function apiSession(email: string, password: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/v1/auth/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

async function whoIs(cookie: string): Promise<unknown> {
  const res = await fetch(`${server.baseUrl}/api/v1/auth/session`, { headers: { cookie } });
  return ((await res.json()) as { user: unknown }).user;
}

const bobRow = (page: Page) => page.getByTestId("admin-users").getByRole("row").filter({ hasText: BOB.email });

test("a role change on /admin signs the user out at once", async () => {
  const bobPage = await signInBob(BOB.password);
  const page = await admin.newPage();
  await page.goto("/admin");
  await bobRow(page).getByTestId("user-role").selectOption("editor");
  await expect.poll(() => bobRow(page).getByTestId("user-role").inputValue()).toBe("editor");
  await bobPage.reload();
  expect(new URL(bobPage.url()).pathname).toBe("/sign-in");
  await page.close();
  await bobPage.close();
});

test("the admin's reset link sets a new password, once, and signs in", async () => {
  const page = await admin.newPage();
  await page.goto("/admin");
  await bobRow(page).getByRole("button", { name: "Reset link" }).click();
  const link = await page.getByTestId("reset-link").getByLabel("Reset link").inputValue();
  expect(link).toMatch(new RegExp(`^${server.baseUrl}/reset-password#token=[\\w-]{43}$`));
  await saveScreenshot(page, "admin-reset-link");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, "admin-reset-link-390");
  await page.close();

  const bobPage = await bob.newPage();
  await bobPage.goto(link);
  await bobPage.getByTestId("reset-form").getByLabel("New password").fill("bobs second password");
  await bobPage.getByRole("button", { name: "Set password and sign in" }).click();
  await bobPage.waitForURL(`${server.baseUrl}/runs`);
  await bobPage.goto(link); // used: the form answers why it no longer works
  await bobPage.getByTestId("reset-form").getByLabel("New password").fill("bobs third password");
  await bobPage.getByRole("button", { name: "Set password and sign in" }).click();
  await expect
    .poll(() => bobPage.getByTestId("reset-form").getByRole("alert").textContent())
    .toContain("used or expired");
  await bobPage.goto("/reset-password");
  expect(await bobPage.getByTestId("reset-no-token").textContent()).toContain("whole link");
  await bobPage.close();
});

test("/account changes the password and signs out everywhere", async () => {
  const page = await signInBob("bobs second password");
  const elsewhere = await apiSession(BOB.email, "bobs second password"); // another session of Bob's
  await page.goto("/account");
  expect(await page.getByTestId("account-who").textContent()).toContain(BOB.email);
  const form = page.getByTestId("password-form");
  await form.getByLabel("Current password").fill("wrong password");
  await form.getByLabel("New password").fill("bobs third password");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect.poll(() => form.getByRole("alert").textContent()).toContain("current password is wrong");
  await form.getByLabel("Current password").fill("bobs second password");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect
    .poll(() => page.getByTestId("password-changed").textContent())
    .toMatch(/^Password changed; [1-9]\d* other sessions? signed out\.$/);
  expect(await whoIs(elsewhere)).toBeNull();
  const other = await apiSession(BOB.email, "bobs third password");
  expect(await whoIs(other)).toMatchObject({ email: BOB.email });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, "account-390");

  await page.getByTestId("sign-out-everywhere").click();
  await page.waitForURL(`${server.baseUrl}/sign-in`);
  expect(await whoIs(other)).toBeNull();
  await page.close();
});

test("removal takes the user away; the last admin can neither be demoted nor removed", async () => {
  const page = await admin.newPage();
  await page.goto("/admin");
  const adaRow = page.getByTestId("admin-users").getByRole("row").filter({ hasText: ADMIN.email });
  await adaRow.getByTestId("user-role").selectOption("viewer");
  await expect.poll(() => page.getByTestId("admin-users").getByRole("alert").textContent()).toContain("last admin");
  page.once("dialog", (d) => void d.accept());
  await bobRow(page).getByRole("button", { name: "Remove" }).click();
  await expect.poll(() => bobRow(page).count()).toBe(0);
  await page.reload();
  expect(await adaRow.getByTestId("user-role").inputValue()).toBe("admin");
  await page.close();
});
