// On a phone (390 × 844), signed in as the admin (docs/dashboard.md#on-a-phone):
// the top bar's links fold behind a Menu button that reaches every entry; the
// run tabs scroll inside their row, fade the side that has more, and reach the
// last tab; the run header wraps inside the screen, even for a run named after
// a long file. At 1366 px the links stand in the bar and the button is gone.
// Screenshots go to test-results/screenshots/phone-navigation/.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchBrowser, saveScreenshot, setUpAdmin, type TestBrowser } from "./support/browser";
import { startServer, type AppServer } from "./support/server";

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1366, height: 900 };
const NAV_LINKS = ["Runs", "Upload", "Compare", "Fleet", "Settings", "Docs", "Admin"];
const STUCK = "/runs/r-stuck-loop";
/** A run named after its file: words with no place to break. */
const LONG_ID = "acme_billing_session_20260203_100000_abcdef0123456789";
const LONG_NAME = "session_export_of_the_billing_api_refactor_20260203_100000.jsonl";

let server: AppServer;
let browser: TestBrowser;
let page: Page;

// Accounts on, so the bar holds what a signed-in admin sees: Admin and Sign out as well.
beforeAll(async () => {
  server = await startServer({ auth: true });
  browser = await launchBrowser(server.baseUrl);
  page = await browser.newPage();
  await page.setViewportSize(PHONE);
  await setUpAdmin(page);
  await page.getByTestId("load-examples").click();
  await page.getByRole("link", { name: "fix auth null deref" }).waitFor();
  const run = { type: "run", run_id: LONG_ID, name: LONG_NAME, labels: { repository: LONG_ID } };
  const span = { type: "span", run_id: LONG_ID, span_id: "s1", name: "http_get", t0: 1770127202, t1: 1770127203 };
  const res = await page.request.post("/api/v1/ingest", {
    headers: { "content-type": "application/x-ndjson" },
    data: `${JSON.stringify(run)}\n${JSON.stringify(span)}\n`,
  });
  if (res.status() !== 200) throw new Error(`POST /api/v1/ingest: HTTP ${res.status()} ${await res.text()}`);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const mainNav = () => page.getByRole("navigation", { name: "main" });
const menuButton = () => page.getByRole("button", { name: "Menu" });

/** The element's box lies inside the viewport. */
async function expectInViewport(what: string, box: { x: number; y: number; width: number; height: number } | null) {
  const { width, height } = page.viewportSize()!;
  expect(box, what).not.toBeNull();
  expect(box!.x, what).toBeGreaterThanOrEqual(0);
  expect(box!.y, what).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, what).toBeLessThanOrEqual(width);
  expect(box!.y + box!.height, what).toBeLessThanOrEqual(height);
}

describe("at 390 px the top bar folds into a menu", () => {
  test("the Menu button opens a list that reaches every entry, Admin and Sign out too", async () => {
    await page.goto("/runs");
    expect(await mainNav().isVisible()).toBe(false);
    expect(await menuButton().getAttribute("aria-expanded")).toBe("false");
    expect(await menuButton().getAttribute("aria-controls")).toBe("main-nav");
    await menuButton().click();
    await mainNav().waitFor();
    expect(await mainNav().getAttribute("id")).toBe("main-nav");
    expect(await menuButton().getAttribute("aria-expanded")).toBe("true");
    for (const name of NAV_LINKS) {
      const link = mainNav().getByRole("link", { name, exact: true });
      expect(await link.isVisible(), name).toBe(true);
      await expectInViewport(name, await link.boundingBox());
    }
    const signOut = mainNav().getByRole("button", { name: "Sign out" });
    expect(await signOut.isVisible()).toBe(true);
    await expectInViewport("Sign out", await signOut.boundingBox());
    await saveScreenshot(page, "phone-navigation/menu-open");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test("Escape closes the menu and gives the focus back to its button", async () => {
    await page.goto("/runs");
    await menuButton().focus();
    await page.keyboard.press("Enter");
    await mainNav().waitFor();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Runs");
    await page.keyboard.press("Escape");
    await mainNav().waitFor({ state: "hidden" });
    expect(await menuButton().getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe("main-nav");
  });

  test("following a link closes the menu; a tap outside it does too", async () => {
    await page.goto("/runs");
    await menuButton().click();
    await mainNav().getByRole("link", { name: "Docs", exact: true }).click();
    await page.getByRole("heading", { name: "Documentation" }).waitFor();
    await mainNav().waitFor({ state: "hidden" });
    await menuButton().click();
    await mainNav().waitFor();
    await page.getByRole("heading", { name: "Documentation" }).click({ position: { x: 4, y: 4 } }); // left of the list
    await mainNav().waitFor({ state: "hidden" });
  });
});

describe("at 390 px the run page fits the screen", () => {
  test("the tabs scroll with a faded edge, and the last tab (Context) can be reached and clicked", async () => {
    await page.goto(`${STUCK}?tab=timeline`);
    const row = page.getByRole("tablist", { name: "Run views" });
    const context = page.getByRole("tab", { name: "Context" });
    await page.locator('.run-tabs[data-more-end="true"]').waitFor();
    expect(await row.getAttribute("data-more-start")).toBe("false");
    const rowBox = (await row.boundingBox())!;
    const hidden = (await context.boundingBox())!;
    expect(hidden.x + hidden.width).toBeGreaterThan(rowBox.x + rowBox.width);
    await context.scrollIntoViewIfNeeded();
    await context.click();
    await page.getByTestId("tabpanel-context").waitFor();
    expect(page.url()).toContain("tab=context");
    // Opened with ?tab=context, the row scrolls its active tab into view and fades the other side.
    await page.locator('.run-tabs[data-more-start="true"]').waitFor();
    await context.scrollIntoViewIfNeeded(); // the page, vertically; the row is already scrolled
    const active = (await context.boundingBox())!;
    // Within a pixel: the row scrolls by whole pixels.
    expect(active.x).toBeGreaterThanOrEqual(rowBox.x - 1);
    expect(active.x + active.width).toBeLessThanOrEqual(rowBox.x + rowBox.width + 1);
    await saveScreenshot(page, "phone-navigation/run-context");
  });

  test.each([
    ["an example run", STUCK],
    ["a run named after a long file", `/runs/${LONG_ID}`],
  ])("the header of %s wraps: title, badges and buttons stay on the screen", async (_what, url) => {
    await page.goto(`${url}?tab=tools`);
    const title = page.getByTestId("run-title");
    await title.waitFor();
    const sticking = await title.evaluate((h1, vw) => {
      const header = h1.parentElement!;
      return [header, ...header.querySelectorAll("*")]
        .filter((el) => el.getBoundingClientRect().right > vw + 0.5)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`);
    }, PHONE.width);
    expect(sticking).toEqual([]);
    await expectInViewport("All runs", await page.getByRole("link", { name: "All runs" }).boundingBox());
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, `phone-navigation/header-${url.split("/").pop()}`);
  });
});

describe("at 1366 px the top bar is as wide screens know it", () => {
  test("the links stand in the bar and there is no Menu button", async () => {
    await page.setViewportSize(WIDE);
    await page.goto("/runs");
    expect(await menuButton().isVisible()).toBe(false);
    const bar = (await page.locator("header.topbar").boundingBox())!;
    for (const name of [...NAV_LINKS, "Sign out"]) {
      const entry = mainNav().getByRole(name === "Sign out" ? "button" : "link", { name, exact: true });
      expect(await entry.isVisible(), name).toBe(true);
      const box = (await entry.boundingBox())!;
      expect(box.y, name).toBeGreaterThanOrEqual(bar.y);
      expect(box.y + box.height, name).toBeLessThanOrEqual(bar.y + bar.height);
    }
    await saveScreenshot(page, "phone-navigation/wide-topbar");
  });
});
