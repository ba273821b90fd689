// The what-if page and the fleet view of the built app (docs/dashboard.md#what-if,
// #sweep-chart, #fleet): the example runs loaded by POST /api/v1/examples,
// then read through the pages in Chromium. The tests share one server and run
// in order. Screenshots at 1280 and 390 px go to test-results/screenshots/what-if/.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { SCREENSHOT_DIR, useAppPage } from "./support/browser";
import { plural } from "@/lib/plural";

const SHOTS = path.join(SCREENSHOT_DIR, "what-if");
const WHAT_IF = "/runs/r-stuck-loop/what-if";
let page: Page;

useAppPage(async (app) => {
  page = app.page;
  const res = await page.request.post("/api/v1/examples");
  if (res.status() !== 200) throw new Error(`POST /api/v1/examples: HTTP ${res.status()} ${await res.text()}`);
  const review = (runId: string, body: unknown) =>
    page.request.put(`/api/v1/runs/${runId}/review`, { data: body, headers: { "content-type": "application/json" } });
  expect((await review("r-stuck-loop", { status: "done", category: "stagnation" })).status()).toBe(200);
  expect((await review("r-healthy", { status: "done", category: "none" })).status()).toBe(200);
  mkdirSync(SHOTS, { recursive: true });
});

const iterationsOf = (testId: string) =>
  page.getByTestId(testId).evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-iteration"))));

async function setCooldown(minutes: number) {
  await page.locator("#whatif-cooldown_min").fill(String(minutes));
  await Promise.all([
    page.waitForURL((url) => url.searchParams.get("cooldown_min") === String(minutes)),
    page.getByTestId("whatif-recompute").click(),
  ]);
  await page.getByTestId("whatif-strip").waitFor();
}

/** After a resize the charts re-measure on their ResizeObserver's next callback: poll, don't read once. */
async function noSidewaysScroll() {
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await expect.poll(overflow).toBeLessThanOrEqual(0);
}

describe("what if", () => {
  test("the run page's What if… button opens the panel with both analyses halting at iteration 11", async () => {
    await page.goto("/runs/r-stuck-loop");
    await page.getByTestId("open-what-if").click();
    await page.waitForURL(`**${WHAT_IF}`);
    expect(await iterationsOf("logged-halt-line")).toEqual([11]);
    expect(await iterationsOf("whatif-halt-line")).toEqual([11]);
    // cooldown_min 30: the probe at 27 fails and re-opens the breaker
    expect(await iterationsOf("logged-reopen-line")).toEqual([27]);
    expect(await iterationsOf("whatif-reopen-line")).toEqual([27]);
  });

  test("a shorter cooldown_min moves the what-if re-open markers; the logged ones stay", async () => {
    // cooldown 5 min: probes at 14 (fails, 10 min) and 20 (fails, 20 min); 15 min: one failed probe at 20
    await setCooldown(5);
    expect(await iterationsOf("whatif-reopen-line")).toEqual([14, 20]);
    expect(await iterationsOf("logged-reopen-line")).toEqual([27]);
    expect(await page.getByTestId("whatif-saved-iterations").innerText()).toBe("17");
    await setCooldown(15);
    expect(await iterationsOf("whatif-reopen-line")).toEqual([20]);
    expect(await page.getByTestId("trip-appeared").count()).toBe(1);
    expect(await page.getByTestId("trip-disappeared").count()).toBe(1);
  });

  test("a cooldown_min of 45 leaves no probe in the run: no re-open marker, 19 iterations saved", async () => {
    await setCooldown(45);
    expect(await iterationsOf("whatif-reopen-line")).toEqual([]);
    expect(await iterationsOf("whatif-halt-line")).toEqual([11]);
    expect(await page.getByTestId("whatif-saved-iterations").innerText()).toBe("19");
  });

  test("the sweep chart draws one point per value", async () => {
    await page.locator("#sweep-values").fill("5,15,30,45,60");
    await Promise.all([page.waitForURL(/sweep_values=/), page.getByTestId("sweep-run").click()]);
    await page.getByTestId("sweep-point").nth(4).waitFor();
    expect(await page.getByTestId("sweep-point").count()).toBe(5);
    expect(new URL(page.url()).searchParams.get("cooldown_min")).toBe("45"); // the panel's state is kept
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/what-if-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("sweep-point").nth(4).waitFor();
    await noSidewaysScroll();
    await page.screenshot({ path: `${SHOTS}/what-if-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

describe("phone width", () => {
  test("the run page's header with its What if… button fits 390 px", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/runs/r-stuck-loop");
    await page.getByTestId("open-what-if").waitFor();
    await noSidewaysScroll();
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

describe("profiles on the what-if panel", () => {
  test("saving the panel's settings as a profile opens it; the profile keeps the changed cooldown", async () => {
    await page.goto(`${WHAT_IF}?cooldown_min=5`);
    await page.getByLabel("new profile name").fill("five-minute cooldown");
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("profile")?.startsWith("p-") ?? false),
      page.getByTestId("whatif-save-profile").click(),
    ]);
    expect(new URL(page.url()).searchParams.get("cooldown_min")).toBeNull();
    await page.getByTestId("whatif-strip").waitFor();
    expect(await iterationsOf("whatif-reopen-line")).toEqual([14, 20]);
    const picked = page.getByTestId("whatif-profile").locator("option:checked");
    expect(await picked.innerText()).toBe("five-minute cooldown (saved)");
  });

  test("picking the built-in Defaults profile recomputes with every default", async () => {
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("profile") === "defaults"),
      page.getByTestId("whatif-profile").selectOption("defaults"),
    ]);
    await page.getByTestId("whatif-strip").waitFor();
    expect(await iterationsOf("whatif-reopen-line")).toEqual([27]);
  });
});

describe("fleet", () => {
  const SETTING = "repeat_calls";
  const VALUES = [2, 5, 20];

  test("each value's count of halted runs is the count of runs whose own sweep halts", async () => {
    const runs = (await (await page.request.get("/api/v1/runs?limit=50")).json()) as { runs: { run_id: string }[] };
    const halted = VALUES.map(() => 0);
    for (const { run_id } of runs.runs) {
      const res = await page.request.get(`/api/v1/runs/${run_id}/sweep?setting=${SETTING}&values=${VALUES.join(",")}`);
      const body = (await res.json()) as { points: { halted_at?: number }[] };
      body.points.forEach((p, i) => (halted[i]! += p.halted_at === undefined ? 0 : 1));
    }
    expect(halted.some((n) => n > 0)).toBe(true);
    await page.goto(`/fleet?setting=${SETTING}&values=${VALUES.join(",")}`);
    const rows = page.getByTestId("fleet-row");
    await rows.first().waitFor();
    const shown = await rows.evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-halted"))));
    expect(shown).toEqual(halted);
    expect(await page.getByTestId("fleet-run-count").innerText()).toContain(`Over ${plural(runs.runs.length, "run")}`);
    await page.screenshot({ path: `${SHOTS}/fleet-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll();
    await page.screenshot({ path: `${SHOTS}/fleet-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test("the runs that succeeded — the healthy run reviewed good, the solved chat run by its reward — are never halted; the export is the chosen profile's settings", async () => {
    await page.goto(`/fleet?setting=cooldown_min&values=5,30&profile=loop-script`);
    await page.getByTestId("fleet-row").first().waitFor();
    expect(await page.getByTestId("fleet-wrongly-halted").allInnerTexts()).toEqual(["0 of 2", "0 of 2"]);
    const href = await page.getByTestId("fleet-export").getAttribute("href");
    const settings = JSON.parse(decodeURIComponent(href!.slice(href!.indexOf(",") + 1))) as Record<string, unknown>;
    expect(settings).toMatchObject({ max_iterations: 30, max_calls_per_hour: 60, cooldown_min: 30 });
  });
});
