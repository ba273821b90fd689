// Accounts on (docs/accounts.md), through the built app and Chromium: the
// first visit creates the admin, a signed-out browser is sent to sign-in, the
// admin signs in and sees the runs and comments under their name; a key from
// LOOPSCOPE_API_KEY ingests.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ADMIN, launchBrowser, setUpAdmin, type TestBrowser } from "./support/browser";
import { EXAMPLES, startServer, type AppServer } from "./support/server";
import { readFileSync } from "node:fs";
import path from "node:path";

const API_KEY = "e2e-automation-key-0123456789";

let server: AppServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer({ auth: true, env: { LOOPSCOPE_API_KEY: API_KEY } });
  browser = await launchBrowser(server.baseUrl);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("accounts on", () => {
  test("the first visit, before any account exists, opens the admin setup", async () => {
    const page = await browser.newPage();
    await page.goto("/runs");
    await page.waitForURL("**/setup");
    await expect(page.getByRole("heading", { name: "Set up Loopscope" }).isVisible()).resolves.toBe(true);
    await page.close();
  });

  test("ingest without credentials is a 401; with LOOPSCOPE_API_KEY as a bearer it is stored", async () => {
    const body = readFileSync(path.join(EXAMPLES, "healthy-run.jsonl"));
    const url = `${server.baseUrl}/api/v1/ingest`;
    const headers = { "content-type": "application/x-ndjson" };
    expect((await fetch(url, { method: "POST", headers, body })).status).toBe(401);
    const ok = await fetch(url, { method: "POST", headers: { ...headers, authorization: `Bearer ${API_KEY}` }, body });
    expect(ok.status).toBe(200);
  });

  test("setting up the admin signs them in and shows the runs", async () => {
    const page = await browser.newPage();
    await setUpAdmin(page);
    await page.locator('[data-testid="run-row"][data-run-id="r-healthy"]').waitFor();
    await page.close();
  });

  // At 390 px the links fold behind the Menu button: tests/e2e/phone-navigation.test.ts reaches each of them.
  test("signed in, the top bar's links, Admin and Sign out sit on the brand's line", async () => {
    const page = await browser.newPage();
    await page.goto("/runs");
    await page.getByTestId("sign-out").waitFor();
    for (const width of [1280, 800]) {
      await page.setViewportSize({ width, height: 800 });
      const middles = await page.evaluate(() =>
        [...document.querySelectorAll("header.topbar .brand, header.topbar nav > *")].map((e) => {
          // The words themselves, not their boxes: a stretched link box is centred with its text at its top.
          const range = document.createRange();
          range.selectNodeContents(e);
          const r = range.getBoundingClientRect();
          return [e.textContent?.trim(), Math.round(r.top + r.height / 2)] as const;
        }),
      );
      expect(middles.map(([name]) => name)).toEqual(expect.arrayContaining(["loopscope", "Admin", "Sign out"]));
      const brandMiddle = middles[0]![1];
      for (const [name, middle] of middles)
        expect(Math.abs(middle - brandMiddle), `${name} at ${width} px`).toBeLessThanOrEqual(1);
    }
    await page.close();
  });

  test("a signed-out visit to a page is sent to sign-in, and signing in shows the runs", async () => {
    const page = await browser.newPage();
    await page.goto("/runs");
    await page.getByTestId("sign-out").click();
    await page.waitForURL("**/sign-in");
    await page.goto("/runs/r-healthy");
    await page.waitForURL("**/sign-in");
    const form = page.getByTestId("sign-in-form");
    await form.getByLabel("Email").fill(ADMIN.email);
    await form.getByLabel("Password").fill(ADMIN.password);
    await form.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/runs");
    await page.locator('[data-testid="run-row"][data-run-id="r-healthy"]').waitFor();
    await page.close();
  });

  test("a signed-in user's comment carries their name, with no name field to fill", async () => {
    const page = await browser.newPage();
    await page.goto("/runs/r-healthy/report");
    await page.getByTestId("comment-signed-in").waitFor();
    expect(await page.getByTestId("comment-author").count()).toBe(0);
    await page.getByTestId("comment-body").fill("the export retried once: fine");
    await page.getByTestId("comment-submit").click();
    const comment = page.getByTestId("comment").first();
    await comment.waitFor();
    expect(await comment.innerText()).toContain(ADMIN.name);
    await page.close();
  });
});
