// The system Chromium driven by playwright-core: headless, with the flags
// that keep it quiet as root on a machine without network (STACK-NOTES), a
// fresh profile per launch, and screenshots under test-results/screenshots/.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { ROOT, startServer, type AppServer } from "./server";

export const CHROMIUM_PATH = process.env.LOOPSCOPE_CHROMIUM ?? "/usr/bin/chromium";
export const SCREENSHOT_DIR = path.join(ROOT, "test-results", "screenshots");
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const VIEWPORT = { width: 1366, height: 900 };
const ACTION_TIMEOUT_MS = 30_000;

export type TestBrowser = { context: BrowserContext; newPage: () => Promise<Page>; close: () => Promise<void> };

/** Throws the one actionable message when the system Chromium is missing. */
export function assertChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install Chromium: apt-get install -y chromium (or set LOOPSCOPE_CHROMIUM to its path)`,
    );
  }
}

/** Launch Chromium with a throwaway profile; relative `page.goto("/runs")` resolves against baseUrl. */
export async function launchBrowser(baseUrl: string): Promise<TestBrowser> {
  assertChromium();
  const profileDir = mkdtempSync(path.join(os.tmpdir(), "loopscope-chromium-"));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL: baseUrl,
    viewport: VIEWPORT,
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  return {
    context,
    newPage: () => context.newPage(),
    close: async () => {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/** Save a full-page screenshot as test-results/screenshots/<name>.png and return its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export type AppPage = { server: AppServer; page: Page };

/**
 * The file's built server and a Chromium page on it: started before its
 * tests, `ready` run with both (to keep them, to load data), closed after.
 */
export function useAppPage(ready: (app: AppPage) => void | Promise<void>): void {
  let server: AppServer | undefined;
  let browser: TestBrowser | undefined;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser(server.baseUrl);
    await ready({ server, page: await browser.newPage() });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}

/** The first admin of a fresh server with accounts on (docs/accounts.md). */
export const ADMIN = { name: "Ada Admin", email: "ada@example.test", password: "correct horse battery" };

/** Fill /setup as the first visitor does and wait for the runs page it signs them in to. */
export async function setUpAdmin(page: Page): Promise<void> {
  await page.goto("/setup");
  const form = page.getByTestId("setup-form");
  await form.getByLabel("Name").fill(ADMIN.name);
  await form.getByLabel("Email").fill(ADMIN.email);
  await form.getByLabel("Password").fill(ADMIN.password);
  await form.getByRole("button", { name: "Create the admin account" }).click();
  await page.waitForURL("**/runs");
}
