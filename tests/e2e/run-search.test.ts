// docs/dashboard.md#search in the browser: the runs list's search finds a run by
// a word its user typed (stemmed: "charges" finds "charged"), shows the words
// around it with the match marked, and its link opens the run's Conversation
// tab on that turn; a word no run holds leaves the list empty.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { saveScreenshot, useAppPage } from "./support/browser";
import { ROOT } from "./support/server";

const SESSION = "5c1d9e20-7a3b-4f6e-8d2c-1b0a9f8e7d61";
const RUN = `cc-${SESSION}`;
let page: Page;

useAppPage(async (app) => {
  page = app.page;
  const file = path.join(ROOT, "tests/fixtures/tokens", `${SESSION}.jsonl`);
  const res = await page.request.post("/api/v1/ingest", {
    headers: { "content-type": "application/x-ndjson", "x-loopscope-filename": path.basename(file) },
    data: readFileSync(file),
  });
  if (res.status() !== 200) throw new Error(`ingest: HTTP ${res.status()} ${await res.text()}`);
});

describe("search across runs", () => {
  test("a word of a prompt finds its run, the match marked in the words around it", async () => {
    await page.goto("/runs");
    await page.getByPlaceholder("Search names, ids and conversations").fill("shipping charges");
    await page.getByPlaceholder("Search names, ids and conversations").press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === "shipping charges");
    const rows = page.getByTestId("run-row");
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getAttribute("data-run-id")).toBe(RUN);
    const match = rows.first().getByTestId("run-match");
    expect(await match.textContent()).toContain("Why is shipping charged twice?");
    expect(await match.locator("mark").allTextContents()).toEqual(["shipping", "charged"]);
    await saveScreenshot(page, "run-search");
  });

  test("the match's link opens the Conversation tab with that prompt", async () => {
    await page.goto("/runs?q=shipping");
    await page.getByTestId("run-match-link").first().click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "conversation");
    await page.getByText("Why is shipping charged twice?").first().waitFor();
  });

  test("a word no run holds leaves no row", async () => {
    await page.goto("/runs?q=zeppelin");
    await page
      .getByTestId("runs-table")
      .or(page.getByText(/no run/i).first())
      .first()
      .waitFor();
    expect(await page.getByTestId("run-row").count()).toBe(0);
  });
});
