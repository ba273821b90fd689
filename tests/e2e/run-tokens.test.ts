// docs/analysis.md#tokens in the browser: a Claude Code session whose subagent
// runs in its own file shows one Tokens figure — 7,138, subagent included, the
// 28.0k cache reads beside it — in the run header and the runs list, and each
// "Tokens" label leads to (or titles) that one definition.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { saveScreenshot, useAppPage } from "./support/browser";
import { ROOT } from "./support/server";

const SESSION = "5c1d9e20-7a3b-4f6e-8d2c-1b0a9f8e7d61";
const RUN = `cc-${SESSION}`;
const FILES = [`${SESSION}.jsonl`, `${SESSION}/subagents/agent-b7c8d9e.jsonl`].map((f) =>
  path.join(ROOT, "tests/fixtures/tokens", f),
);
let page: Page;

useAppPage(async (app) => {
  page = app.page;
  for (const file of FILES) {
    const res = await page.request.post("/api/v1/ingest", {
      headers: { "content-type": "application/x-ndjson", "x-loopscope-filename": path.basename(file) },
      data: readFileSync(file),
    });
    if (res.status() !== 200) throw new Error(`ingest ${file}: HTTP ${res.status()} ${await res.text()}`);
  }
});

describe("a run's Tokens on the pages", () => {
  test("the run header shows Tokens with the cache reads beside them, each linked to the definition", async () => {
    await page.goto(`/runs/${RUN}`);
    const tokens = page.getByTestId("figure-tokens");
    expect(await tokens.locator(".value").textContent()).toBe("7,138");
    expect(await page.getByTestId("figure-cache").locator(".value").textContent()).toBe("28.0k");
    const label = tokens.locator(".label a");
    expect(await label.getAttribute("href")).toBe("/docs/analysis#tokens");
    expect(await label.getAttribute("title")).toContain("subagents included");
    await saveScreenshot(page, "run-tokens-header");
  });

  test("the runs list shows the same Tokens, its header titled with the definition", async () => {
    await page.goto("/runs");
    const row = page.locator(`[data-testid="run-row"][data-run-id="${RUN}"]`);
    expect(await row.getByTestId("run-tokens").textContent()).toBe("7,138");
    expect(await row.getByTestId("run-tokens").getAttribute("title")).toContain("28.0k cache reads");
    const header = page.getByTestId("runs-table").locator("th", { hasText: "Tokens" });
    expect(await header.getAttribute("title")).toContain("input + output + cache-write tokens");
  });
});
