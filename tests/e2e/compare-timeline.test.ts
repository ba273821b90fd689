// The compare page's iteration axis in the built app (docs/dashboard.md#compare):
// the stuck loop and the healthy example runs ingested through POST /api/v1/ingest,
// compared in Chromium — both runs' breaker lanes and strips on one axis of
// iteration numbers, the halt line where the stuck loop's breaker opens.
// Screenshots at 1280 and 390 px go to test-results/screenshots/.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { saveScreenshot, useAppPage } from "./support/browser";
import { ingestExample } from "./support/server";

const COMPARE = "/compare?a=r-stuck-loop&b=r-healthy";
let page: Page;

useAppPage(async (app) => {
  page = app.page;
  expect((await ingestExample(app.server, "stuck-loop.jsonl")).runs).toEqual(["r-stuck-loop"]);
  expect((await ingestExample(app.server, "healthy-run.jsonl")).runs).toEqual(["r-healthy"]);
});

const segments = (side: "a" | "b", lane: string) =>
  page
    .getByTestId(`compare-lanes-${side}`)
    .locator(`[data-lane="${lane}"] [data-state]`)
    .evaluateAll((els) => els.map((el) => [el.getAttribute("data-state"), Number(el.getAttribute("data-from"))]));

async function noSidewaysScroll() {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, vw: window.innerWidth }));
  expect(widths.doc).toBeLessThanOrEqual(widths.vw);
}

describe("compare on the iteration axis", () => {
  test("the stuck loop's loop-breaker lane is OPEN from iteration 11, where its halt line stands", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(COMPARE);
    await page.getByTestId("compare-timeline").waitFor();
    expect(await page.getByTestId("compare-lanes-a").getByTestId("compare-lane").count()).toBeGreaterThan(1);
    const loop = await segments("a", "loop");
    expect(loop[0]).toEqual(["CLOSED", 1]);
    expect(loop[1]).toEqual(["OPEN", 11]);
    expect(await page.getByTestId("compare-halt-a").getAttribute("data-iteration")).toBe("11");
    // What the replay says, told apart from what the harness did.
    expect(await page.getByTestId("compare-halt-a").getAttribute("title")).toMatch(
      /^replay: run A would have halted here/,
    );
    await saveScreenshot(page, "compare-timeline-1280");
  });

  test("the healthy run has the same lanes, row for row, its loop breaker CLOSED throughout and no halt line", async () => {
    const lanesOf = (side: "a" | "b") =>
      page
        .getByTestId(`compare-lanes-${side}`)
        .getByTestId("compare-lane")
        .evaluateAll((els) => els.map((el) => el.getAttribute("data-lane")));
    expect(await lanesOf("b")).toEqual(await lanesOf("a"));
    expect(await segments("b", "loop")).toEqual([["CLOSED", 1]]);
    expect(await page.getByTestId("compare-halt-b").count()).toBe(0);
    expect(await page.getByTestId("compare-lanes-b").getAttribute("data-last")).toBe("13");
    expect(await page.getByTestId("compare-lanes-a").getAttribute("data-last")).toBe("30");
  });

  test("at 390 px the lanes and strips fit without sideways scroll", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(COMPARE);
    await page.getByTestId("compare-timeline").waitFor();
    const box = await page.getByTestId("compare-timeline").boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await noSidewaysScroll();
    await saveScreenshot(page, "compare-timeline-390");
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
