// Runs with known outcomes, read with the lens of their shape, in Chromium
// against the built app (docs/import.md#shapes-and-outcomes, docs/analysis.md#profiles):
// two tau-bench-style runs whose rewards are their outcomes, a Claude Code session
// and a loop; the runs list's outcome and shape columns and filters, the run page's
// header and the profile it is read with, "no breaker would have stopped this run".
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { saveScreenshot, useAppPage } from "./support/browser";
import { ingestExample } from "./support/server";

let page: Page;

useAppPage(async (app) => {
  page = app.page;
  await ingestExample(app.server, "openai-chat/support-runs.json");
  await ingestExample(app.server, "claude-code/stuck-session.jsonl", "example-claude-code");
  await ingestExample(app.server, "healthy-run.jsonl");
});

const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const row = (runId: string) => page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`);

describe("outcomes and shapes on the runs list", () => {
  test("each run shows its outcome and shape; the filters select by them", async () => {
    await page.goto("/runs");
    await page.getByTestId("runs-table").waitFor();
    expect(await row("chat-7-0").getByTestId("run-outcome").getAttribute("data-outcome")).toBe("failure");
    expect(await row("chat-7-1").getByTestId("run-outcome").getAttribute("data-outcome")).toBe("success");
    expect(await row("r-healthy").getByTestId("run-outcome").getAttribute("data-outcome")).toBe("unknown");
    expect(await row("chat-7-0").getByTestId("run-shape").innerText()).toBe("autonomous");
    expect(await row("example-claude-code").getByTestId("run-shape").innerText()).toBe("interactive");
    expect(await row("r-healthy").getByTestId("run-shape").innerText()).toBe("loop");
    // The outcome's hover text says who said so.
    expect(await row("chat-7-1").getByTestId("run-outcome").getAttribute("title")).toContain("said by its file");

    await page.goto("/runs?outcome=failure");
    await page.getByTestId("runs-table").waitFor();
    const failed = await page
      .getByTestId("run-row")
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-run-id")));
    expect(failed).toEqual(["chat-7-0"]);
    await page.goto("/runs?shape=interactive");
    await page.getByTestId("runs-table").waitFor();
    const sessions = await page
      .getByTestId("run-row")
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-run-id")));
    expect(sessions).toEqual(["example-claude-code"]);
    await saveScreenshot(page, "runs-outcomes-1366");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/runs");
    await page.getByTestId("runs-table").waitFor();
    expect(await noSidewaysScroll()).toBe(true);
    await saveScreenshot(page, "runs-outcomes-390");
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

describe("the lens a run is read with", () => {
  test("the stuck chat run is read as autonomous and halted at step 3 on the same error", async () => {
    await page.goto("/runs/chat-7-0");
    const profile = await page.getByTestId("run-profile").innerText();
    expect(profile).toContain("Read as an autonomous run");
    const halt = await page.getByTestId("verdict-halt").innerText();
    expect(halt).toContain("would have halted at iteration 3 (same_error)");
    expect(await page.getByTestId("run-outcome").first().getAttribute("data-outcome")).toBe("failure");
  });

  test("the solved chat run: no breaker would have stopped it", async () => {
    await page.goto("/runs/chat-7-1");
    expect(await page.getByTestId("verdict-halt").innerText()).toContain("No breaker would have stopped this run");
    await saveScreenshot(page, "run-solved-chat-1366");
  });

  test("a loop is read with the seed defaults", async () => {
    await page.goto("/runs/r-healthy");
    expect(await page.getByTestId("run-profile").innerText()).toContain("Read as a loop run");
  });
});
