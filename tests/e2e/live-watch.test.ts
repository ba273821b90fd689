// `npx loopscope watch` against the real built server, with the run page open
// (docs/import.md#watching-a-live-session): the watcher sends a session as it
// is written, the page says "Live" and refreshes itself to show the new spans
// without a reload, and SIGINT ends the watcher with exit 0. The fixture's
// session is from October; "Live" needs records whose own times are recent
// (docs/dashboard.md#live), so its times are moved to the last minute, their
// order and ids kept. No sleeps: every wait is for something to appear.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, expect, test } from "vitest";
import { saveScreenshot, useAppPage } from "./support/browser";
import { ROOT, type AppServer } from "./support/server";

const FIXTURE = path.join(ROOT, "tests/fixtures/import/claude-code/session-fix-dates.jsonl");
/** The session's first line's time; each time moves to 50 s ago plus a tenth of its distance from it. */
const FIXTURE_START_MS = Date.parse("2025-10-14T09:00:00.000Z");
const TIME_SCALE = 0.1;
const LINES = recentTimes(readFileSync(FIXTURE, "utf8"), Date.now() - 50_000)
  .trimEnd()
  .split("\n");
const RUN = "cc-7f3c2a9e-1b4d-4c8a-9e2f-5d6b8a1c3e70";
const REFRESH_TIMEOUT_MS = 30_000;

let server: AppServer;
let page: Page;
const dir = mkdtempSync(path.join(os.tmpdir(), "loopscope-e2e-watch-"));
const session = path.join(dir, "session.jsonl");
let watcher: ChildProcessWithoutNullStreams | undefined;
let stdout = "";

useAppPage((app) => {
  ({ server, page } = app);
});
afterAll(() => {
  if (watcher && watcher.exitCode === null) watcher.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** The session as if written from `startMs` on: 7m 40s of it become 46 s, in the same order. */
function recentTimes(text: string, startMs: number): string {
  return text.replace(/"timestamp":"([^"]+)"/g, (_, at: string) => {
    const ms = startMs + (Date.parse(at) - FIXTURE_START_MS) * TIME_SCALE;
    return `"timestamp":"${new Date(Math.round(ms)).toISOString()}"`;
  });
}

/** Resolves once the watcher has printed `count` summary lines in all. */
function summaries(count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if ((stdout.match(/ accepted, /g) ?? []).length >= count) resolve();
    };
    watcher?.stdout.on("data", check);
    watcher?.on("close", (code) => reject(new Error(`the watcher exited (${code}):\n${stdout}`)));
    check();
  });
}

test("the watcher sends a session as it grows; its page says Live and shows the new spans by itself", async () => {
  writeFileSync(session, LINES.slice(0, 19).join("\n") + "\n");
  watcher = spawn(
    process.execPath,
    [
      path.join(ROOT, "bin/loopscope.mjs"),
      "watch",
      dir,
      "--url",
      server.baseUrl,
      "--interval",
      "0.2",
      "--quiet-s",
      "0",
    ],
    { cwd: ROOT },
  );
  watcher.stdout.on("data", (c) => (stdout += c));
  await summaries(1);
  expect(stdout).toMatch(
    /session\.jsonl \(claude-code\): \d+ accepted, 0 rejected, 1 skipped \(file-history-snapshot 1\) → run cc-7f3c2a9e/,
  );

  await page.goto(`/runs/${RUN}`);
  const live = page.getByTestId("run-live");
  await live.waitFor({ state: "visible" });
  expect(await live.textContent()).toBe("Live — receiving data");
  const spans = page.getByTestId("figure-spans").locator(".value");
  const before = await spans.textContent();
  const timeline = page.getByTestId("timeline-status");
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid="timeline-status"]')?.textContent?.startsWith(`${n} spans`),
    before,
  );

  appendFileSync(session, LINES.slice(19).join("\n") + "\n");
  await summaries(2);
  await page.waitForFunction(
    (was) => document.querySelector('[data-testid="figure-spans"] .value')?.textContent !== was,
    before,
    { timeout: REFRESH_TIMEOUT_MS },
  );
  expect(Number(await spans.textContent())).toBeGreaterThan(Number(before));
  // the timeline, which fetches its spans itself, follows
  const after = await spans.textContent();
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid="timeline-status"]')?.textContent?.startsWith(`${n} spans`),
    after,
    { timeout: REFRESH_TIMEOUT_MS },
  );
  expect(await timeline.textContent()).toContain(`${after} spans`);
  await saveScreenshot(page, "run-page-live");

  const exit = new Promise<number | null>((resolve) => watcher?.on("close", resolve));
  watcher.kill("SIGINT");
  expect(await exit).toBe(0);
  const state = JSON.parse(readFileSync(path.join(dir, ".loopscope-watch.json"), "utf8"));
  expect(Object.keys(state.files)).toEqual([path.resolve(session)]);
});
