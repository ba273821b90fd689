// A new user's first minute in the built app: the empty runs page offers the
// repository's example runs, one click loads them, and the documentation the
// UI links to is served at /docs with GitHub's heading anchors. A run loaded
// from those old files is not "Live".
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { saveScreenshot, useAppPage } from "./support/browser";

let page: Page;

useAppPage((app) => {
  page = app.page;
});

describe("Load example runs", () => {
  test("the empty runs page loads the examples with one click and lists them", async () => {
    await page.goto("/runs");
    await page.getByText("No runs yet.").waitFor();
    await page.getByTestId("load-examples").click();
    await page.getByRole("link", { name: "fix auth null deref" }).waitFor();
    const table = await page.locator("table").innerText();
    expect(table).toContain("r-stuck-loop");
    expect(table).toContain("r-healthy");
    expect(table).toContain("example-harness-spans");
    expect(table).not.toContain("r-bad"); // the bad-lines file is not an example run
    await saveScreenshot(page, "runs-after-load-examples");
  });

  test("a run just loaded from old files is not Live: its records' own times are months old", async () => {
    // docs/dashboard.md#live: the examples were written in 2025; that they reached the server a moment ago is not enough
    await page.goto("/runs/r-stuck-loop");
    await page.getByTestId("run-title").waitFor();
    expect(await page.getByTestId("run-live").count()).toBe(0);
    await saveScreenshot(page, "run-page-after-load-examples");
  });

  test("loading again stores nothing new", async () => {
    const res = await page.request.post("/api/v1/examples");
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { files: { status: string }[] };
    expect(body.files.map((f) => f.status)).toEqual(body.files.map(() => "already_loaded"));
  });
});

describe("docs", () => {
  test("the nav's Docs link lists the pages; a glossary anchor lands on its heading", async () => {
    await page.goto("/runs");
    await page.getByRole("navigation", { name: "main" }).getByRole("link", { name: "Docs" }).click();
    await page.getByRole("heading", { name: "Documentation" }).waitFor();
    await page.getByRole("link", { name: "Analysis rules" }).click();
    await page.getByTestId("doc").waitFor();
    await page.goto("/docs/analysis#glossary");
    expect(await page.locator("#glossary").count()).toBe(1);
    expect(await page.getByTestId("doc").innerText()).toContain("HALF_OPEN");
    await saveScreenshot(page, "docs-analysis");
  });

  test("links between the files become links between pages", async () => {
    await page.goto("/docs/format");
    const href = await page.getByTestId("doc").locator('a[href^="/docs/analysis"]').first().getAttribute("href");
    expect(href).toMatch(/^\/docs\/analysis(#[a-z0-9-]+)?$/);
  });

  test("an unknown page is a 404", async () => {
    expect((await page.request.get("/docs/no-such-page")).status()).toBe(404);
  });

  test("the OpenAPI document describes the API", async () => {
    const res = await page.request.get("/api/v1/openapi.json");
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/v1/ingest", "/api/v1/examples", "/v1/traces"]),
    );
  });
});
