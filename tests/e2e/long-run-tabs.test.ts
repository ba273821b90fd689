// A long run stays readable (docs/dashboard.md#iterations, #breakers): a synthetic
// run of 600 iterations (scripts/bench/synth.ts, 30 000 spans) is ingested over
// POST /api/v1/ingest; its iterations tab shows one page of rows under a strip
// chart of every iteration, which zooms the table on a click or a brush, and
// whose rows open the timeline at their iteration; its breakers tab groups the
// log by breaker and tool, filtered from the URL. Neither puts 300 rows in the
// page. Screenshots at 1280 and 390 px go to test-results/screenshots/long-run-tabs/; the post-mortem
// of the stuck loop prints on A4 in a few pages.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { synthRunLines } from "@/scripts/bench/synth";
import { SCREENSHOT_DIR, useAppPage } from "./support/browser";
import { ingestExample } from "./support/server";

const SHOTS = path.join(SCREENSHOT_DIR, "long-run-tabs");
const LONG = "/runs/r-long";
const ITERATIONS = 600;
const MAX_ROWS = 300;

let page: Page;

useAppPage(async (app) => {
  page = app.page;
  mkdirSync(SHOTS, { recursive: true });
  const body = [...synthRunLines("r-long", ITERATIONS * 50)].join("\n");
  const res = await page.request.post("/api/v1/ingest", {
    headers: { "content-type": "application/x-ndjson" },
    data: body,
    timeout: 120_000,
  });
  if (res.status() !== 200) throw new Error(`ingest: HTTP ${res.status()} ${await res.text()}`);
  await ingestExample(app.server, "stuck-loop.jsonl");
});

const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
const rowCount = () => page.locator("tr").count();
const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Click (or drag from `from` to `to`) on the strip, as fractions of its width. */
async function onStrip(from: number, to = from): Promise<void> {
  const plot = page.locator(".iteration-strip-plot");
  await plot.scrollIntoViewIfNeeded();
  const box = (await plot.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * from, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to, y, { steps: 4 });
  await page.mouse.up();
}

const shownNs = () =>
  page.getByTestId("iteration-row").evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-n"))));

describe("iterations tab of a 600-iteration run", () => {
  test("shows one page of rows under a strip chart of all 600 iterations", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${LONG}?tab=iterations`);
    await page.getByTestId("iteration-strip").waitFor();
    for (const key of ["score", "fill", "tokens"]) expect(await page.getByTestId(`strip-${key}`).count()).toBe(1);
    expect(await page.getByTestId("iteration-row").count()).toBe(50);
    expect(await rowCount()).toBeLessThan(MAX_ROWS);
    expect(await page.getByTestId("iteration-pager-status").textContent()).toContain("of 600");
    await page.getByTestId("chart-tokens").locator("svg.recharts-surface").first().waitFor();
    await shot("iterations-1280");
    await page.locator(".iteration-table-card").screenshot({ path: path.join(SHOTS, "iterations-table-1280.png") });
  });

  test("a click on the strip zooms the table to the iterations around that place", async () => {
    await onStrip(0.75);
    await page.waitForURL(/iters=\d+-\d+/);
    await page.locator('[data-testid="iteration-row"][data-n="450"]').waitFor();
    const ns = await shownNs();
    expect(ns.length).toBeLessThanOrEqual(50);
    expect(ns[0]).toBeGreaterThan(400);
  });

  test("a brush across the strip shows the iterations brushed over, paged", async () => {
    const before = new URL(page.url()).searchParams.get("iters");
    await onStrip(0.1, 0.2);
    await page.waitForURL((u) => u.searchParams.get("iters") !== before);
    const [from, to] = new URL(page.url()).searchParams.get("iters")!.split("-").map(Number) as [number, number];
    expect(Math.abs(from - 61)).toBeLessThanOrEqual(1);
    expect(Math.abs(to - 121)).toBeLessThanOrEqual(1);
    await page.locator(`[data-testid="iteration-row"][data-n="${from}"]`).waitFor();
    expect(await shownNs()).toEqual(Array.from({ length: 50 }, (_, i) => from + i));
    await page.getByTestId("iteration-page-next").click();
    await page.waitForURL(/page=2/);
    expect(await shownNs()).toEqual(Array.from({ length: to - from - 49 }, (_, i) => from + 50 + i));
    await shot("iterations-zoomed-1280");
  });

  test("clicking a row opens the timeline at that iteration", async () => {
    const row = page.getByTestId("iteration-row").nth(3);
    const href = await row.getByTestId("iteration-timeline-link").getAttribute("href");
    expect(href).toMatch(/\?tab=timeline&view=[\d.]+-[\d.]+$/);
    await row.locator("td").nth(6).click(); // the tokens cell: anywhere on the row
    await page.waitForURL(/tab=timeline&view=/);
    expect(new URL(page.url()).searchParams.get("view")).toBe(new URLSearchParams(href!.split("?")[1]).get("view"));
  });
});

describe("breakers tab of a 600-iteration run", () => {
  test("groups the events by breaker and tool with counts, times and blocked calls", async () => {
    await page.goto(`${LONG}?tab=breakers`);
    const http = page.locator('[data-testid="breaker-group"][data-group="tool:http_get"]');
    expect(await http.getByTestId("breaker-group-summary").textContent()).toMatch(
      /^opened \d+× between .+ UTC, \d+ calls blocked$/,
    );
    const summary = (await page.getByTestId("breaker-summary").textContent()) ?? "";
    expect(Number(/of (\d+) events/.exec(summary)?.[1])).toBeGreaterThan(50);
    expect(await rowCount()).toBeLessThan(MAX_ROWS);
    await shot("breakers-1280");
    await http.locator("summary").click(); // a big group is folded: unfold it
    await page.getByTestId("breaker-log").screenshot({ path: path.join(SHOTS, "breakers-log-1280.png") });
  });

  test("a group pages its events, and the filter is kept in the URL", async () => {
    const http = page.locator('[data-testid="breaker-group"][data-group="tool:http_get"]');
    await http.getByTestId("breaker-group-next").click();
    await page.waitForURL(/group=tool%3Ahttp_get&gpage=2/);
    expect(await http.getAttribute("open")).not.toBeNull();
    await page.getByTestId("breaker-filter-kind").selectOption("tool");
    await page.getByTestId("breaker-filter-apply").click();
    await page.waitForURL(/kind=tool/);
    const groups = await page
      .getByTestId("breaker-group")
      .evaluateAll((gs) => gs.map((g) => g.getAttribute("data-group")));
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.every((g) => g?.startsWith("tool:"))).toBe(true);
    expect(await rowCount()).toBeLessThan(MAX_ROWS);
  });
});

describe("at 390 px", () => {
  test.each([
    ["iterations-390", `${LONG}?tab=iterations`, '[data-testid="iteration-strip"]'],
    ["breakers-390", `${LONG}?tab=breakers`, '[data-testid="breaker-log"]'],
  ])("%s does not scroll sideways", async (name, url, ready) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url);
    await page.locator(ready).waitFor();
    await shot(name);
    const part = name.startsWith("iterations")
      ? page.locator(".iteration-table-card")
      : page.getByTestId("breaker-log");
    await part.screenshot({ path: path.join(SHOTS, `${name}-part.png`) });
    expect(await noSidewaysScroll()).toBe(true);
  });
});

test("the stuck loop's post-mortem prints on A4 in at most 6 pages", async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/runs/r-stuck-loop/report");
  await page.getByTestId("postmortem").waitFor();
  const pdf = await page.pdf({ format: "A4", printBackground: true });
  writeFileSync(path.join(SHOTS, "postmortem.pdf"), pdf);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  const pages = pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
  expect(pages).toBeGreaterThanOrEqual(1);
  expect(pages).toBeLessThanOrEqual(6);
  await page.emulateMedia({ media: "print" });
  await shot("postmortem-print-1280");
  await page.emulateMedia({ media: "screen" });
});
