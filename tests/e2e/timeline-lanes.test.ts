// The timeline shows where and why r-stuck-loop should have stopped
// (docs/dashboard.md#breaker-lanes, #halt-lines, #links-to-the-timeline):
// breaker lanes over the rows, the loop breaker's halt line at its halting
// iteration, iteration rows with score and task, and links from the rest
// of the run page that land on visible, highlighted bars of their moment.
// What the replay of the breakers says is labelled as a replay, apart from
// what the log says: a call the replayed tool breaker would have blocked ran,
// and its own row shows that, never a "blocked" tag.
// Screenshots at 1280 and 390 px go to test-results/screenshots/timeline-lanes/.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { SCREENSHOT_DIR, useAppPage } from "./support/browser";
import { ingestExample, type AppServer } from "./support/server";

const SHOTS = path.join(SCREENSHOT_DIR, "timeline-lanes");
const RUN = "/runs/r-stuck-loop";
let server: AppServer;
let page: Page;
let halt: { iteration: number; at: string };
/** Where the verdict fell (docs/analysis.md#verdict): the first stop, which the overview's halt card opens. */
let verdictAt: string;
let blockedCalls: number;
let startMs: number;

useAppPage(async (app) => {
  ({ server, page } = app);
  await ingestExample(server, "stuck-loop.jsonl");
  const res = await page.request.get("/api/v1/runs/r-stuck-loop/analysis");
  if (!res.ok()) throw new Error(`GET analysis: HTTP ${res.status()} ${await res.text()}`);
  const report = (await res.json()) as {
    loop_breaker: { would_have_halted_at?: { iteration: number; at: string } };
    tool_breakers: { tool: string; blocked_calls: number }[];
    verdict: { at: string };
  };
  halt = report.loop_breaker.would_have_halted_at!;
  verdictAt = report.verdict.at;
  blockedCalls = report.tool_breakers.find((b) => b.tool === "http_get")!.blocked_calls;
  startMs = Date.parse("2026-02-03T10:00:00.000Z"); // the run record's started_at
  mkdirSync(SHOTS, { recursive: true });
});

async function openTimeline(query = ""): Promise<void> {
  await page.goto(`${RUN}?tab=timeline${query}`);
  await page.locator('[data-testid="timeline"][data-loaded="complete"]').waitFor();
  await page.getByTestId("timeline-row").first().waitFor();
}

/** A highlighted row, inside the scroll box's viewport, whose bar covers `ms`: what a link must land on. */
async function visibleRowCovering(ms: number): Promise<string | null> {
  return page.evaluate((at) => {
    const box = document.querySelector('[data-testid="timeline-scroll"]')!.getBoundingClientRect();
    for (const r of document.querySelectorAll('[data-testid="timeline-row"][data-focus="1"]')) {
      const b = r.getBoundingClientRect();
      const t0 = Number(r.getAttribute("data-t0"));
      const t1 = Number(r.getAttribute("data-t1"));
      if (b.top >= box.top && b.bottom <= box.bottom && t0 <= at && at <= t1) return r.getAttribute("data-span-id");
    }
    return null;
  }, ms);
}

describe("breaker lanes and the halt line of r-stuck-loop", () => {
  test("the run would have halted, so there is a loop lane with an OPEN segment", async () => {
    expect(halt.iteration).toBeGreaterThan(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await openTimeline();
    const loop = page.locator('[data-testid="breaker-lane"][data-lane="loop"]');
    await loop.waitFor();
    expect(await loop.locator('[data-state="OPEN"]').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/timeline-1280.png`, fullPage: true });
  });

  test("the halt line stands at the halting iteration's time, across axis, lanes and rows, with the savings", async () => {
    const line = page.getByTestId("halt-line");
    expect(await line.getAttribute("data-iteration")).toBe(String(halt.iteration));
    const atMs = Number(await line.getAttribute("data-at-ms"));
    expect(Math.abs(atMs - (Date.parse(halt.at) - startMs))).toBeLessThan(1);
    const label = await line.getByRole("note").innerText();
    expect(label).toMatch(/^replay: would have halted here · /); // the replay's verdict, labelled as one
    expect(label).toContain(`iteration ${halt.iteration}`);
    expect(label).toMatch(/saves \d+ iterations/);
    const lineBox = (await line.boundingBox())!;
    const axisBox = (await page.getByTestId("timeline-axis").boundingBox())!;
    const rowsBox = (await page.getByTestId("timeline-scroll").boundingBox())!;
    expect(lineBox.y).toBeLessThanOrEqual(axisBox.y + 1);
    expect(lineBox.y + lineBox.height).toBeGreaterThanOrEqual(rowsBox.y + rowsBox.height - 1);
    // It stands where the halting iteration was logged, and its x is that time on the axis.
    const first = await page.request.get("/api/v1/runs/r-stuck-loop/timeline?limit=1");
    const { run } = (await first.json()) as { run: { iterations: { n: number; ts_ms: number }[] } };
    expect(run.iterations.find((i) => i.n === halt.iteration)!.ts_ms).toBeCloseTo(atMs, 0);
    const ratio = (lineBox.x - axisBox.x) / axisBox.width;
    const endMs = Math.max(...run.iterations.map((i) => i.ts_ms));
    expect(ratio).toBeGreaterThan(0);
    expect(ratio).toBeLessThan(atMs / endMs + 0.02);
  });

  test("the lanes say they are the replay of the breakers, not what the harness did", async () => {
    const caption = await page.getByTestId("replay-caption").innerText();
    expect(caption).toContain("replay of the breakers");
    expect(caption).toContain("not what the harness did");
    const replay = await page.getByTestId("legend-replay").innerText();
    expect(replay).toContain("would have blocked");
    expect(replay).toContain("would have halted here");
    expect(await page.getByTestId("legend-log").innerText()).not.toMatch(/blocked|would have/);
  });

  test("the calls the replayed http_get breaker would have blocked are marks on its lane, labelled as replays", async () => {
    expect(blockedCalls).toBeGreaterThan(0);
    const marks = page.locator(
      '[data-testid="breaker-lane"][data-lane="tool:http_get"] [data-testid="replay-blocked"]',
    );
    expect(await marks.count()).toBeGreaterThan(0);
    const counts = await marks.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-count"))));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(blockedCalls); // every call the analysis counts, no other
    for (const title of await marks.evaluateAll((els) => els.map((e) => e.getAttribute("title") ?? "")))
      expect(title).toMatch(/^replay: the replayed http_get breaker would have blocked .* (it|they) ran/);
  });

  test("a call the replay would have blocked ran: its own row shows what it did, and no 'blocked' tag", async () => {
    const mark = page
      .locator('[data-testid="breaker-lane"][data-lane="tool:http_get"] [data-testid="replay-blocked"][data-count="1"]')
      .first();
    const spanId = (await mark.getAttribute("data-span-id"))!;
    await mark.click();
    const panel = page.locator(`[data-testid="span-panel"][data-span-id="${spanId}"]`);
    await panel.waitFor();
    const row = page.locator(`[data-testid="timeline-row"][data-span-id="${spanId}"]`);
    await row.waitFor();
    expect(await row.getAttribute("data-replay-blocked")).toBe("1");
    const status = (await row.getAttribute("data-status"))!;
    expect(["ok", "failed", "short_circuit"]).toContain(status);
    const text = await row.innerText();
    expect(text).not.toMatch(/blocked/i);
    expect(text).toMatch(/\d+(\.\d+)? (ms|s)|\d+m \d+s/); // its own time
    // The panel gives the replay's verdict as the replay's, beside what the log says the call did.
    const breakers = await panel.getByTestId("span-panel-breakers").innerText();
    expect(breakers).toMatch(/replay: the replayed tool breaker would have blocked this call; the log says it ran/);
    await page.getByTestId("timeline").screenshot({ path: `${SHOTS}/replay-blocked-1280.png` });
    await openTimeline(); // back to the top rows for the tests below
  });

  test("iteration rows read their number, score and task", async () => {
    const text = await page.locator('[data-testid="timeline-row"][data-span-id="it3"]').innerText();
    expect(text).toMatch(/iteration 3 · score [+−0-9.]+ · task t-1/);
  });

  test("the axis shows every iteration number that fits", async () => {
    const ns = await page.getByTestId("axis-iteration").allTextContents();
    expect(ns.length).toBeGreaterThan(10);
  });

  test("the overview's halt card opens the timeline zoomed to the verdict's stop, rows on bars of that moment", async () => {
    await page.goto(`${RUN}?tab=tools`);
    expect(await page.getByTestId("verdict-halt-timeline").innerText()).toBe("show iteration 2 on the timeline");
    await page.getByTestId("verdict-halt-timeline").click();
    await page.locator('[data-testid="timeline"][data-loaded="complete"]').waitFor();
    const atMs = Date.parse(verdictAt) - startMs;
    await expect.poll(() => visibleRowCovering(atMs)).not.toBeNull();
    expect(new URL(page.url()).searchParams.get("view")).not.toBeNull();
    await page.getByTestId("focus-line").waitFor();
  });

  test("a breaker event on the breakers tab lands on the timeline at its moment, highlighted and visible", async () => {
    await page.goto(`${RUN}?tab=breakers`);
    await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
    const link = page.locator('[data-testid="breaker-entry"][data-breaker="loop"] [data-testid="breaker-entry-link"]');
    const entries = await link.count();
    const target = link.nth(Math.min(entries - 1, 1));
    const href = (await target.getAttribute("href"))!;
    const view = new URL(href, server.baseUrl).searchParams.get("view")!.split("-").map(Number);
    const moment = new URL(href, server.baseUrl).searchParams.get("at");
    const atMs = moment !== null ? Number(moment) : (view[0]! + view[1]!) / 2;
    await target.click();
    await page.locator('[data-testid="timeline"][data-loaded="complete"]').waitFor();
    await expect.poll(() => visibleRowCovering(atMs)).not.toBeNull();
    await page.screenshot({ path: `${SHOTS}/breaker-link-1280.png`, fullPage: true });
  });

  test("filters and search live in the URL, and the search matches event details", async () => {
    await openTimeline("&q=regression+test+for+expired");
    expect(await page.getByTestId("timeline-search").inputValue()).toBe("regression test for expired");
    // The task_started event's detail matches the iteration it happened in.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="timeline-row"]').length < 5);
    expect(await page.getByTestId("timeline-row").first().getAttribute("data-span-id")).toMatch(/^it\d+$/);
    await page.getByTestId("timeline-failures-only").check();
    await page.waitForFunction(() => new URL(location.href).searchParams.get("failures") === "1");
    await page.getByTestId("timeline-failures-only").uncheck();
  });

  test("at 390 px the timeline does not scroll sideways and still shows the lanes and the halt line", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openTimeline();
    await page.getByTestId("breaker-lanes").waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/timeline-390.png`, fullPage: true });
    await page.getByTestId("timeline").screenshot({ path: `${SHOTS}/timeline-390-detail.png` });
  });
});
