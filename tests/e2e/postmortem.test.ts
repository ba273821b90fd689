// The post-mortem, compare and settings pages of the built app (docs/dashboard.md):
// runs ingested through POST /api/v1/ingest, then read through the pages in
// Chromium. The tests share one server and run in order.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { saveScreenshot, useAppPage } from "./support/browser";
import { ingestExample, type AppServer } from "./support/server";

let server: AppServer;
let page: Page;

async function ingest(name: string): Promise<string[]> {
  return (await ingestExample(server, name)).runs;
}

useAppPage(async (app) => {
  ({ server, page } = app);
  expect(await ingest("stuck-loop.jsonl")).toEqual(["r-stuck-loop"]);
  expect(await ingest("healthy-run.jsonl")).toEqual(["r-healthy"]);
});

describe("post-mortem", () => {
  test("the stuck loop's post-mortem leads with its first stop, lists the halt at iteration 11, and the recommendations", async () => {
    await page.goto("/runs/r-stuck-loop/report");
    await page.getByTestId("postmortem").waitFor();
    // The verdict is the first stop in time (docs/analysis.md#verdict): the three-layer trip at 2.
    const verdict = await page.getByTestId("postmortem-verdict").innerText();
    expect(verdict).toContain("The three-layer breaker would have stopped the run at iteration 2");
    expect(verdict).toContain("token layer 20824 / limit 10000 (task t-1), HIGH");
    expect(verdict).toContain("28 iterations");
    const points = await page.getByTestId("postmortem-stopping-points").innerText();
    expect(points).toContain("The loop breaker at iteration 11");
    expect(points).toContain("negative_window");
    expect(await page.getByTestId("postmortem-backoff-429").innerText()).toBe(
      "429 back-off: longest streak 1, 0 early retries, 0 calls after give-up",
    );
    const recs = page.getByTestId("postmortem-recommendations").locator("li");
    expect(await recs.count()).toBeGreaterThanOrEqual(5);
    expect(await recs.first().innerText()).toContain("Enable a loop breaker on negative_window");
    expect(await page.locator("pre").count()).toBe(0); // HTML sections, not the Markdown in a <pre>
    await saveScreenshot(page, "postmortem-stuck-loop");
  });

  test("Export Markdown downloads the report with its first stop and the halt at iteration 11", async () => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-markdown").click()]);
    expect(download.suggestedFilename()).toBe("postmortem-r-stuck-loop.md");
    const file = await download.path();
    const text = readFileSync(file, "utf8");
    expect(text).toContain("would have stopped the run at iteration 2**");
    expect(text).toContain("The loop breaker at iteration 11");
    expect(text).toContain("## Recommendations");
  });

  test("a comment added through the API appears on the post-mortem, and one posted from the page too", async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/runs/r-stuck-loop/comments`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ author: "ana", body: "The probe at 27 should never have run: cap the cooldown." }),
    });
    expect(res.status).toBe(201);
    await page.goto("/runs/r-stuck-loop/report");
    const comments = page.getByTestId("comment");
    await comments.first().waitFor();
    expect(await comments.allInnerTexts()).toEqual([expect.stringContaining("The probe at 27 should never have run")]);

    await page.getByTestId("comment-author").fill("ben");
    await page.getByTestId("comment-body").fill("Agreed; and fix http_get first.");
    await page.getByTestId("comment-submit").click();
    await comments.nth(1).waitFor();
    expect(await comments.nth(1).innerText()).toContain("Agreed; and fix http_get first.");
    await page.reload();
    // remembered in localStorage, filled in once the page has hydrated
    await expect.poll(() => page.getByTestId("comment-author").inputValue()).toBe("ben");
    await page.emulateMedia({ media: "print" });
    expect(await page.locator(".topbar").isVisible()).toBe(false);
    expect(await page.getByTestId("export-markdown").isVisible()).toBe(false);
    await saveScreenshot(page, "postmortem-print");
    await page.emulateMedia({ media: "screen" });
  });
});

describe("compare", () => {
  test("picking the stuck loop and the healthy run shows both side by side", async () => {
    await page.goto("/compare");
    await page.getByTestId("compare-a").selectOption("r-stuck-loop");
    await page.getByTestId("compare-b").selectOption("r-healthy");
    await page.getByTestId("compare-submit").click();
    await page.waitForURL("**/compare?a=r-stuck-loop&b=r-healthy");
    expect(await page.getByTestId("compare-run-a").innerText()).toContain("fix auth null deref");
    expect(await page.getByTestId("compare-run-b").innerText()).toContain("r-healthy");
    const failures = page.getByTestId("compare-counts").locator('tr[data-row="failures"] td');
    expect(await failures.allInnerTexts()).toEqual(["64", "6", "−58"]);
    const halt = page.getByTestId("compare-verdict").locator('tr[data-row="halt"] td');
    expect(await halt.allInnerTexts()).toEqual(["halt at iteration 11 (negative_window)", "never opened"]);
    expect(await page.getByTestId("compare-tools").locator("tbody tr").count()).toBe(7);
    await saveScreenshot(page, "compare-stuck-vs-healthy");
  });
});

describe("settings", () => {
  test("a saved value shows after a reload and changes the healthy run's bottlenecks", async () => {
    await page.goto("/settings");
    const overcall = page.getByTestId("setting-overcall_calls");
    expect(await overcall.getAttribute("placeholder")).toBe("8");
    // the examples name this server at its listen address (HOST, PORT), not localhost:3000
    expect(await page.getByTestId("ingest-example-curl").innerText()).toContain(`${server.baseUrl}/api/v1/ingest`);
    expect(await page.getByTestId("ingest-example-cli").innerText()).toContain(`--url ${server.baseUrl}`);
    await overcall.fill("1000");
    await page.getByTestId("settings-save").click();
    await page.getByTestId("settings-status").getByText("Saved").waitFor();
    await page.reload();
    expect(await page.getByTestId("setting-overcall_calls").inputValue()).toBe("1000");
    await page.evaluate(() => window.scrollTo(0, 0)); // the reload keeps the scroll; the sticky top bar would land mid-shot
    await saveScreenshot(page, "settings-saved");

    const res = await fetch(`${server.baseUrl}/api/v1/runs/r-healthy/analysis`);
    const report = (await res.json()) as { bottlenecks: { reasons: { kind: string }[] }[] };
    expect(report.bottlenecks.some((b) => b.reasons.some((r) => r.kind === "overcalled"))).toBe(false);
  });

  test("an invalid value is refused with a message naming the setting", async () => {
    await page.getByTestId("setting-fail_max").fill("-1");
    await page.getByTestId("settings-save").click();
    await page.getByTestId("settings-status").getByText("fail_max").waitFor();
    expect(await page.locator('[data-setting="fail_max"]').getAttribute("class")).toContain("invalid");
  });
});

describe("review", () => {
  test("a review saved on the run page leads the post-mortem and its Markdown, its verdict shown as text", async () => {
    await page.goto("/runs/r-stuck-loop#review");
    const form = page.getByTestId("review-form");
    await form.waitFor();
    await page.getByTestId("review-status").selectOption("done");
    await page.getByTestId("review-category").selectOption("tool_failure");
    await page
      .getByTestId("review-verdict")
      .fill("Staging was down <script>window.pwned = 1</script> and we kept retrying.");
    await page.getByTestId("review-add-action").click();
    await page.getByTestId("review-action-text").fill("Cap http_get retries at 3");
    await page.getByTestId("review-action-owner").fill("ana");
    await page.getByTestId("review-save").click();
    await form.getByRole("status").getByText("Saved").waitFor();
    await saveScreenshot(page, "review-form-saved");

    await page.goto("/runs?review=done");
    const rows = page.getByTestId("badge-review");
    await rows.first().waitFor();
    expect(await rows.allInnerTexts()).toEqual(["review done · tool failure"]);

    await page.goto("/runs/r-stuck-loop/report");
    const summary = page.getByTestId("review-summary");
    await summary.waitFor();
    const sections = await page
      .locator("[data-testid=postmortem] > section")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")));
    expect(sections[0]).toBe("review-summary");
    expect(await page.getByTestId("review-summary-verdict").innerText()).toBe(
      "Staging was down <script>window.pwned = 1</script> and we kept retrying.",
    );
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.getByTestId("review-summary-actions").innerText()).toContain("Cap http_get retries at 3 — ana");
    await saveScreenshot(page, "review-postmortem");

    const md = await (await fetch(`${server.baseUrl}/api/v1/runs/r-stuck-loop/report.md`)).text();
    expect(md.indexOf("## Review")).toBeLessThan(md.indexOf("## Verdict"));
    expect(md).toContain("- [ ] Cap http_get retries at 3 — ana");
    expect(md).not.toContain("<script>");
    expect(md).toContain(`[Open the run in Loopscope](${server.baseUrl}/runs/r-stuck-loop)`);
  });
});
