// Idle time folded on the timeline (docs/dashboard.md#idle-folds): a run with
// 20 minutes of work, a 40-minute wait for a person (AskUserQuestion), 15
// minutes of work, 4 hours of nothing, then 15 minutes of work. The breaks
// are marked on the axis, the work fills the width instead of a sliver at the
// left, the wait is drawn as a wait, and a break opens with a click or the
// toolbar's toggle; zoom keeps working across the folds.
// Screenshots go to test-results/screenshots/timeline-folds/.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { SCREENSHOT_DIR, useAppPage } from "./support/browser";
import type { AppServer } from "./support/server";

const SHOTS = path.join(SCREENSHOT_DIR, "timeline-folds");
const RUN = "r-idle-gap";
const START_S = Date.parse("2026-03-01T09:00:00Z") / 1000;
const MIN_S = 60;
let server: AppServer;
let page: Page;

/** A span line: `name` from minute `at` for `seconds`. */
const span = (id: string, name: string, atMin: number, seconds: number) =>
  JSON.stringify({
    type: "span",
    run_id: RUN,
    span_id: id,
    name,
    kind: "tool",
    t0: START_S + atMin * MIN_S,
    t1: START_S + atMin * MIN_S + seconds,
    ok: true,
  });

/** Work every minute of [fromMin, toMin), one call each, cycling through three tools. */
const burst = (tag: string, fromMin: number, toMin: number) =>
  Array.from({ length: toMin - fromMin }, (_, k) =>
    span(`${tag}${k}`, ["Read", "Bash", "Edit"][k % 3]!, fromMin + k, 40),
  );

const JSONL = [
  JSON.stringify({ type: "run", run_id: RUN, name: "an afternoon away", started_at: "2026-03-01T09:00:00.000000Z" }),
  ...burst("a", 0, 20), // 09:00–09:20
  span("ask", "AskUserQuestion", 20, 40 * MIN_S), // 09:20–10:00, a person answering
  ...burst("b", 60, 75), // 10:00–10:15
  ...burst("c", 315, 330), // 14:15–14:30, after 4 hours of nothing
].join("\n");

async function ingestText(body: string): Promise<void> {
  const res = await fetch(`${server.baseUrl}/api/v1/ingest`, {
    method: "POST",
    headers: { "content-type": "application/x-ndjson" },
    body,
  });
  if (res.status !== 200) throw new Error(`ingest: HTTP ${res.status} ${await res.text()}`);
}

useAppPage(async (app) => {
  ({ server, page } = app);
  await ingestText(JSONL);
  mkdirSync(SHOTS, { recursive: true });
});

async function openTimeline(query = ""): Promise<void> {
  await page.goto(`/runs/${RUN}?tab=timeline${query}`);
  await page.locator('[data-testid="timeline"][data-loaded="complete"]').waitFor();
  await page.getByTestId("timeline-row").first().waitFor();
}

const folds = () => page.getByTestId("idle-fold");
const axisBox = async () => (await page.getByTestId("timeline-axis").boundingBox())!;
/** Where the tick at or before `ms` sits, as a share of the axis width. */
async function tickShareAt(ms: number): Promise<number> {
  const ticks = await page
    .getByTestId("timeline-axis")
    .locator("[data-ms]")
    .evaluateAll((els) =>
      els.map((e) => ({ ms: Number(e.getAttribute("data-ms")), left: e.getBoundingClientRect().left })),
    );
  const box = await axisBox();
  const t = ticks.filter((k) => k.ms <= ms).sort((a, b) => b.ms - a.ms)[0]!;
  return (t.left - box.x) / box.width;
}

describe("a run with a long idle gap", () => {
  test("the page's first rows already place the work across the width, not in a sliver", async () => {
    const html = await (await fetch(`${server.baseUrl}/runs/${RUN}?tab=timeline`)).text();
    const ends = [...html.matchAll(/--bar-x:([\d.e-]+);--bar-w:([\d.e-]+)/g)].map((m) => Number(m[1]) + Number(m[2]));
    expect(ends.length).toBeGreaterThan(30); // the rows of the scroll box's height: a0–a19, ask, b0–b14…
    // The first 20 minutes of 5.5 hours would end at 6 % of the width; folded, past a quarter.
    expect(ends[19]).toBeGreaterThan(0.25);
    // And the 15 minutes after the wait reach past half of it (unfolded: 23 %).
    expect(ends[35]).toBeGreaterThan(0.5);
  });

  test("the breaks are marked on the axis with their length, and the work fills the width", async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await openTimeline();
    await expect.poll(() => folds().count()).toBe(2);
    expect(await folds().allTextContents()).toEqual(["40m 0swaiting", "4h 0midle"]);
    expect(await folds().nth(1).getAttribute("title")).toContain("4h 0m idle");
    expect(await folds().nth(0).getAttribute("title")).toContain("40m 0s waiting for a person");
    const idle = (await folds().nth(1).boundingBox())!;
    const box = await axisBox();
    expect(idle.width).toBeLessThan(80); // 4 of the run's 5.5 hours, in a fixed narrow break
    expect((idle.x - box.x) / box.width).toBeGreaterThan(0.5); // unfolded it would start at 23 %
    expect(await tickShareAt(60 * 60_000)).toBeGreaterThan(0.3); // the 1-hour tick; unfolded: 18 %
    expect(await page.getByTestId("fold-idle").isChecked()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/folded-1366.png`, fullPage: true });
  });

  test("the question to the person is drawn as a wait, its label says so", async () => {
    const ask = page.locator('[data-testid="timeline-row"][data-span-id="ask"]');
    expect(await ask.getAttribute("data-wait")).toBe("1");
    expect(await ask.locator("[title^='waiting for a person']").count()).toBe(1);
    expect(await page.getByTestId("legend-log").innerText()).toContain("waiting for a person");
    expect(await page.locator('[data-testid="timeline-row"][data-span-id="a0"]').getAttribute("data-wait")).toBeNull();
  });

  test("zooming across a fold keeps the break and the window in the URL", async () => {
    await page.getByTestId("zoom-in").click();
    await page.waitForFunction(() => new URL(location.href).searchParams.has("view"));
    const [a, b] = new URL(page.url()).searchParams.get("view")!.split("-").map(Number);
    // The middle of the axis is in worked time; the zoomed window still reaches across the 4-hour break.
    expect(a).toBeLessThan(10 * 3_600_000);
    expect(b! - a!).toBeGreaterThan(3 * 3_600_000);
    expect(await folds().count()).toBeGreaterThan(0);
    await page.getByTestId("zoom-reset").click();
    await page.waitForFunction(() => !new URL(location.href).searchParams.has("view"));
  });

  test("a click on a break opens it: its hours get their real width and ticks", async () => {
    await folds().nth(1).click();
    await expect.poll(() => folds().count()).toBe(1);
    expect(await folds().first().textContent()).toContain("waiting");
    // Two hours in is now a tick on the axis, a good way across it.
    expect(await tickShareAt(3 * 3_600_000)).toBeGreaterThan(0.3);
  });

  test("the toolbar's toggle unfolds all and folds them again, and the URL keeps it", async () => {
    await page.getByTestId("fold-idle").uncheck();
    await expect.poll(() => folds().count()).toBe(0);
    await page.waitForFunction(() => new URL(location.href).searchParams.get("folds") === "0");
    expect(await tickShareAt(60 * 60_000)).toBeLessThan(0.25); // the first hour, squeezed again
    await page.screenshot({ path: `${SHOTS}/unfolded-1366.png`, fullPage: true });
    await page.reload();
    await page.locator('[data-testid="timeline"][data-loaded="complete"]').waitFor();
    expect(await page.getByTestId("fold-idle").isChecked()).toBe(false);
    await page.getByTestId("fold-idle").check();
    await expect.poll(() => folds().count()).toBe(2);
    await page.waitForFunction(() => !new URL(location.href).searchParams.has("folds"));
  });

  test("at 390 px the breaks still show and the timeline does not scroll sideways", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openTimeline();
    await expect.poll(() => folds().count()).toBe(2);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/folded-390.png`, fullPage: true });
  });
});
