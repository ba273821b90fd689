// On a phone (390 × 844) no page scrolls sideways: after loading the example
// runs, every page and every tab of a run page fits the viewport's width —
// wide tables and the tab row scroll inside their own box instead. Each page
// is saved as test-results/screenshots/phone/<name>.png to look at.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DOC_PAGES } from "@/lib/docs";
import { saveScreenshot, SCREENSHOT_DIR, useAppPage } from "./support/browser";

const PHONE = { width: 390, height: 844 };
const STUCK = "/runs/r-stuck-loop";

let page: Page;

useAppPage(async (app) => {
  page = app.page;
  await page.setViewportSize(PHONE);
  const res = await page.request.post("/api/v1/examples");
  if (res.status() !== 200) throw new Error(`POST /api/v1/examples: HTTP ${res.status()} ${await res.text()}`);
  mkdirSync(path.join(SCREENSHOT_DIR, "phone"), { recursive: true });
});

/** [screenshot name, path, a selector that is there once the page has drawn]. */
const PAGES: [string, string, string][] = [
  ["home", "/", '[data-testid="runs-table"]'],
  ["runs", "/runs", '[data-testid="runs-table"]'],
  ["run-timeline", `${STUCK}?tab=timeline`, '[data-testid="timeline"][data-loaded="complete"]'],
  ["run-tools", `${STUCK}?tab=tools`, '[data-testid="chart-tool-totals"] svg.recharts-surface'],
  ["run-iterations", `${STUCK}?tab=iterations`, '[data-testid="chart-tokens"] svg.recharts-surface'],
  ["run-breakers", `${STUCK}?tab=breakers`, '[data-testid="breaker-log"]'],
  ["run-context", `${STUCK}?tab=context`, '[data-testid="context-card"]'],
  ["run-report", `${STUCK}/report`, "h1"],
  ["upload", "/upload", "h1"],
  ["settings", "/settings", "h1"],
  ["docs", "/docs", "h1"],
  ...DOC_PAGES.map((p): [string, string, string] => [`docs-${p.slug}`, `/docs/${p.slug}`, '[data-testid="doc"]']),
  ["compare-empty", "/compare", "h1"],
  ["compare", "/compare?a=r-stuck-loop&b=r-healthy", "table"],
  ["not-found", "/nope", "h1"],
];

type Widths = { doc: number; body: number; wide: string[] };

/** The page's scroll widths, and the widest elements that stick out of the viewport unclipped. */
function measure(): Promise<Widths> {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== "visible") return true;
      }
      return false;
    };
    const wide = [...document.body.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > vw + 0.5 && !clipped(el))
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} → ${el.getBoundingClientRect().right}`);
    return { doc: document.documentElement.scrollWidth, body: document.body.scrollWidth, wide };
  });
}

describe("at 390 px no page scrolls sideways", () => {
  test.each(PAGES)("%s (%s)", async (name, url, ready) => {
    await page.goto(url);
    await page.locator(ready).first().waitFor();
    await saveScreenshot(page, `phone/${name}`);
    const w = await measure();
    const why = `sticks out: ${w.wide.join(", ")}`;
    expect(w.doc, why).toBeLessThanOrEqual(PHONE.width);
    expect(w.body, why).toBeLessThanOrEqual(PHONE.width);
  });
});
