// The run page and the runs badges on the built app: the repository's examples
// are ingested over POST /api/v1/ingest, then the runs list (which analyses
// runs lacking a verdict), the overview verdicts, and the tools, iterations,
// breakers and context tabs are read in Chromium. Expectations from
// examples/README.md. Screenshots go to test-results/screenshots/.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { saveScreenshot, useAppPage } from "./support/browser";
import { ingestExample, type AppServer } from "./support/server";

let server: AppServer;
let page: Page;

async function ingest(file: string, runId?: string): Promise<void> {
  await ingestExample(server, file, runId);
}

useAppPage(async (app) => {
  ({ server, page } = app);
  await ingest("stuck-loop.jsonl");
  await ingest("healthy-run.jsonl");
  await ingest("harness-spans.jsonl", "harness-spans");
});

const row = (runId: string) => page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`);
const badge = (runId: string, id: string) => row(runId).getByTestId(id).textContent();

describe("runs page badges", () => {
  test("the list analyses runs without a verdict and shows breaker, stagnation, bottlenecks and failures", async () => {
    await page.goto("/runs");
    await page.getByTestId("runs-table").waitFor();
    expect(await page.getByTestId("badge-unanalysed").count()).toBe(0);
    expect(await badge("r-stuck-loop", "badge-breaker")).toBe("would halt @2"); // its first stop: the three-layer trip
    expect(await badge("r-stuck-loop", "badge-stagnation")).toBe("stagnation HIGH");
    expect(await badge("r-stuck-loop", "badge-bottlenecks")).toBe("4 bottlenecks");
    expect(await badge("r-stuck-loop", "badge-failures")).toBe("64 failed");
    expect(await badge("r-healthy", "badge-breaker")).toBe("no breaker");
    expect(await badge("r-healthy", "badge-stagnation")).toBe("stagnation LOW");
    expect(await badge("harness-spans", "badge-bottlenecks")).toBe("1 bottleneck");
    expect(await badge("harness-spans", "badge-failures")).toBe("4 failed");
    await saveScreenshot(page, "run-page-runs-badges");
  });
});

describe("stuck-loop run page", () => {
  test("the overview leads with the first stop: the three-layer trip at iteration 2, with its savings", async () => {
    await page.goto("/runs/r-stuck-loop");
    const halt = await page.getByTestId("verdict-halt").textContent();
    expect(halt).toContain(
      "Three-layer breaker would have stopped the run at iteration 2 (token layer 20824 / limit 10000",
    );
    expect(halt).toContain("saving 28 iterations");
    expect(await page.getByTestId("verdict-layers").textContent()).toContain("BLOCKER_ESCALATION");
    expect(await page.getByTestId("verdict-risk").textContent()).toContain("HIGH");
    expect(await page.getByTestId("verdict-context").textContent()).toContain("clear");
    expect(await page.getByRole("tab", { selected: true }).textContent()).toContain("Timeline");
    await saveScreenshot(page, "run-page-overview");
  });

  test("the breakers tab lists the log and an entry links to the timeline at that moment", async () => {
    await page.getByTestId("verdict-halt").click();
    await page.waitForURL(/tab=breakers/);
    expect(await page.getByRole("tab", { selected: true }).textContent()).toContain("Breakers");
    const entries = page.getByTestId("breaker-log").getByTestId("breaker-entry");
    await entries.first().waitFor(); // the tab's content streams in after the page's header
    expect(await entries.count()).toBeGreaterThan(20);
    const loop = page.locator('[data-testid="breaker-entry"][data-breaker="loop"]').first();
    expect(await loop.textContent()).toContain("negative_window");
    const href = await loop.getByTestId("breaker-entry-link").getAttribute("href");
    expect(href).toMatch(/\?tab=timeline&at=[\d.]+&view=\d+-\d+$/); // the event's moment, and a window around it
    await saveScreenshot(page, "run-page-breakers");
    await loop.getByTestId("breaker-entry-link").click();
    await page.waitForURL(/tab=timeline&at=[\d.]+&view=\d+-\d+/);
    expect(await page.getByRole("tab", { selected: true }).textContent()).toContain("Timeline");
    await page.locator('[data-testid="timeline"][data-loaded="complete"]').waitFor();
    expect(new URL(page.url()).searchParams.get("view")).toBe(new URLSearchParams(href!.split("?")[1]).get("view"));
    await saveScreenshot(page, "run-page-breaker-to-timeline");
  });

  test("the context card says clear, with token usage fired and first recommended at 12", async () => {
    await page.goto("/runs/r-stuck-loop?tab=context");
    const card = page.getByTestId("context-card");
    expect(await card.getByTestId("context-decision").textContent()).toBe("clear");
    expect(await card.getByTestId("context-factor").count()).toBe(5);
    const tokens = card.locator('[data-testid="context-factor"][data-factor="token_usage"]');
    expect(await tokens.getAttribute("data-fired")).toBe("true");
    expect(await tokens.textContent()).toContain("≥ 60 %");
    expect(await card.getByTestId("context-first").textContent()).toContain("iteration 12");
    await saveScreenshot(page, "run-page-context");
  });

  test("the iterations tab draws the charts and lists the 30 iterations", async () => {
    await page.goto("/runs/r-stuck-loop?tab=iterations");
    await page.getByTestId("chart-scores").locator("svg.recharts-surface").first().waitFor();
    await page.getByTestId("chart-context-fill").locator("svg.recharts-surface").first().waitFor();
    await page.getByTestId("chart-tokens").locator("svg.recharts-surface").first().waitFor();
    expect(await page.getByTestId("iteration-row").count()).toBe(30);
    expect(await page.locator('[data-testid="iteration-row"][data-n="11"]').textContent()).toContain("HIGH");
    await saveScreenshot(page, "run-page-iterations");
  });
});

describe("harness-spans tools tab", () => {
  test("http_get is a bottleneck for failing, explained on hover, with its breaker opening", async () => {
    await page.goto("/runs/harness-spans?tab=tools");
    const httpGet = page.locator('[data-testid="tool-row"][data-tool="http_get"]');
    const failing = httpGet.locator('[data-reason="failing"]');
    expect(await failing.textContent()).toBe("failing");
    expect(await failing.getAttribute("title")).toContain("fail rate 100.0 % ≥ threshold 50 %");
    expect(await httpGet.locator('[data-reason="slow"]').count()).toBe(0);
    expect(await httpGet.getByTestId("tool-breaker").textContent()).toContain("opened 1×");
    await page.getByTestId("chart-tool-totals").locator("svg.recharts-surface").first().waitFor();
    await saveScreenshot(page, "run-page-tools");
  });

  test("sorting by calls ascending puts run_shell first", async () => {
    await page.goto("/runs/harness-spans?tab=tools&sort=calls&order=asc");
    const tools = await page
      .getByTestId("tool-row")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-tool")));
    expect(tools).toEqual(["run_shell", "search", "http_get"]);
  });
});
