// The run page's timeline on the built app: the stuck-loop and harness-spans
// examples (examples/README.md) ingested through the API, then rows,
// the span panel, zoom in the URL surviving a reload, keyboard selection,
// filters, and failures marked. Screenshots land in test-results/screenshots/.
import type { ConsoleMessage, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { saveScreenshot, useAppPage } from "./support/browser";
import { ingestExample, type AppServer } from "./support/server";

let server: AppServer;
let page: Page;

async function ingest(file: string, runId?: string): Promise<void> {
  await ingestExample(server, file, runId);
}

/** Open a run's timeline and wait until every page of spans has arrived. */
async function openTimeline(runId: string, query = ""): Promise<void> {
  await page.goto(`/runs/${runId}?tab=timeline${query}`);
  await page.locator('[data-testid="timeline"][data-loaded="complete"]').waitFor();
  await page.getByTestId("timeline-row").first().waitFor();
}

const row = (spanId: string) => page.locator(`[data-testid="timeline-row"][data-span-id="${spanId}"]`);
const viewParam = () => new URL(page.url()).searchParams.get("view");
const tickLabels = () => page.getByTestId("timeline-axis").locator("div").allTextContents();

useAppPage(async (app) => {
  ({ server, page } = app);
  await ingest("stuck-loop.jsonl");
  await ingest("harness-spans.jsonl", "harness");
});

describe("timeline of r-stuck-loop", () => {
  test("shows its spans as rows, tool spans nested under their iteration", async () => {
    await openTimeline("r-stuck-loop");
    expect(await page.getByTestId("timeline").getAttribute("data-span-count")).toBe("424");
    const first = page.getByTestId("timeline-row").first();
    expect(await first.getAttribute("data-span-id")).toBe("it1");
    expect(await first.innerText()).toContain("iteration");
    expect(await page.getByTestId("event-marker").count()).toBeGreaterThan(0);
    await saveScreenshot(page, "timeline-stuck-loop");
  });

  test("clicking a span opens its panel with its name and its tool's breaker state", async () => {
    await row("it1.s05").locator("span", { hasText: "run_tests" }).click();
    const panel = page.getByTestId("span-panel");
    await panel.waitFor();
    expect(await panel.getAttribute("data-span-id")).toBe("it1.s05");
    expect(await panel.getByTestId("span-panel-name").textContent()).toBe("run_tests");
    expect(await panel.getByTestId("span-panel-breakers").innerText()).toContain("loop");
    await saveScreenshot(page, "timeline-span-panel");
  });

  test("the arrow keys move the selection to the next row", async () => {
    await page.getByTestId("timeline-scroll").focus();
    await page.keyboard.press("ArrowDown");
    await page.locator('[data-testid="span-panel"][data-span-id="it1.s06"]').waitFor();
  });

  test("zoom-in writes view= into the URL and a reload restores the same window and span", async () => {
    const before = await tickLabels();
    await page.getByTestId("zoom-in").click();
    await page.getByTestId("zoom-in").click();
    await page.waitForFunction(() => new URL(location.href).searchParams.has("view"));
    await page.waitForFunction(() => new URL(location.href).searchParams.get("span") === "it1.s06");
    const view = viewParam();
    expect(view).toMatch(/^\d+(\.\d+)?-\d+(\.\d+)?$/);
    const zoomed = await tickLabels();
    expect(zoomed).not.toEqual(before);
    await page.reload();
    await page.locator('[data-testid="timeline"][data-loaded="complete"]').waitFor();
    await page.locator('[data-testid="span-panel"][data-span-id="it1.s06"]').waitFor();
    expect(viewParam()).toBe(view);
    expect(await tickLabels()).toEqual(zoomed);
    await saveScreenshot(page, "timeline-zoomed-reloaded");
  });

  test("a link to a moment (view= without span=) scrolls the rows to that moment", async () => {
    await openTimeline("r-stuck-loop", "&view=1800000-1900000"); // 30 min in, where the breaker log points
    await expect.poll(() => row("it1").count()).toBe(0);
    const ids = await page.getByTestId("timeline-row").evaluateAll((els) =>
      els
        .map((e) => /^it(\d+)$/.exec(e.getAttribute("data-span-id") ?? "")?.[1])
        .filter((n) => n !== undefined)
        .map(Number),
    );
    expect(Math.min(...ids)).toBeGreaterThanOrEqual(14);
  });

  test("zoom-reset shows the whole run again and drops view= from the URL", async () => {
    await page.getByTestId("zoom-reset").click();
    await page.waitForFunction(() => !new URL(location.href).searchParams.has("view"));
  });

  test("failures only keeps failed spans with their iterations as context", async () => {
    await page.getByTestId("timeline-failures-only").check();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="timeline-row"]')].every(
        (r) => r.getAttribute("data-status") !== "ok" || /^it\d+$/.test(r.getAttribute("data-span-id") ?? ""),
      ),
    );
    const statuses = await page
      .getByTestId("timeline-row")
      .evaluateAll((rs) => rs.map((r) => r.getAttribute("data-status")));
    expect(statuses).toContain("failed");
    await saveScreenshot(page, "timeline-failures-only");
    await page.getByTestId("timeline-failures-only").uncheck();
  });

  test("collapse repeats folds consecutive calls of one tool into a summary row", async () => {
    await page.getByTestId("timeline-filter-tool").selectOption("http_get");
    await page.getByTestId("collapse-repeats").check();
    await page.locator('[data-testid="timeline-row"][data-repeat]').first().waitFor();
    await saveScreenshot(page, "timeline-collapse-repeats");
    await page.getByTestId("collapse-repeats").uncheck();
    await page.getByTestId("timeline-filter-tool").selectOption("");
  });
});

describe("timeline of the harness-spans example", () => {
  test("shows http_get rows with failures marked and the short-circuit told apart", async () => {
    await openTimeline("harness");
    const httpRows = page.getByTestId("timeline-row").filter({ hasText: "http_get" });
    expect(await httpRows.count()).toBe(4);
    const statuses = await httpRows.evaluateAll((rs) => rs.map((r) => r.getAttribute("data-status")));
    expect(statuses).toEqual(["failed", "failed", "failed", "short_circuit"]);
    await saveScreenshot(page, "timeline-harness");
  });
});

describe("the first rows come with the page", () => {
  test("the page's HTML holds the first rows, each with its bar, before any script has run", async () => {
    const res = await fetch(`${server.baseUrl}/runs/r-stuck-loop?tab=timeline`);
    const html = await res.text();
    const rows = [...html.matchAll(/data-testid="timeline-row" data-span-id="([^"]+)"/g)].map((m) => m[1]);
    expect(rows[0]).toBe("it1");
    // The rows of the scroll box's height and the virtualiser's overscan, not all 424.
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.length).toBeLessThan(60);
    const bars = [...html.matchAll(/data-testid="timeline-static-bar" data-status="(\w+)"/g)].map((m) => m[1]);
    expect(bars).toHaveLength(rows.length); // the whole run is in view: every row has its bar
    expect(bars).toContain("failed");
  });

  test("once the app's scripts run, the canvas draws the bars and the rows' own bars go", async () => {
    const errors: string[] = [];
    const onConsole = (m: ConsoleMessage) => {
      if (m.type() === "error") errors.push(m.text());
    };
    page.on("console", onConsole);
    await openTimeline("r-stuck-loop");
    await page.waitForFunction(() => performance.getEntriesByName("timeline-first-paint").length > 0);
    await expect.poll(() => page.getByTestId("timeline-static-bar").count()).toBe(0);
    page.off("console", onConsole);
    expect(await row("it1").count()).toBe(1);
    expect(errors).toEqual([]); // a hydration mismatch would be reported here
  });

  test("the timeline tab loads no chart code: recharts comes with the tabs that draw charts", async () => {
    await openTimeline("r-stuck-loop");
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((r) => r.name)
        .filter((u) => u.endsWith(".js")),
    );
    expect(scripts.length).toBeGreaterThan(3);
    const bodies = await Promise.all(scripts.map(async (u) => (await fetch(u)).text()));
    expect(scripts.filter((_, i) => bodies[i]!.includes("recharts-wrapper"))).toEqual([]);
  });
});
