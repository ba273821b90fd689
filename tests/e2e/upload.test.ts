// Upload the repository's examples through the real /upload page of the built
// app, then read the counts back from /runs and a run page (expectations from
// examples/README.md). The tests share one server and run in order: empty
// state → upload → runs → run page → re-uploads.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { saveScreenshot, useAppPage } from "./support/browser";
import { EXAMPLES } from "./support/server";

const example = (name: string) => path.join(EXAMPLES, name);

type Counts = { spans: string; failures: string; iterations: string };
const STUCK: Counts = { spans: "424", failures: "64", iterations: "30" };
const HEALTHY: Counts = { spans: "167", failures: "6", iterations: "13" };
const HARNESS: Counts = { spans: "7", failures: "4", iterations: "0" };
const BAD: Counts = { spans: "2", failures: "0", iterations: "1" };

let page: Page;
let tmpDir: string;
let harnessRunId = "";

beforeAll(() => {
  tmpDir = mkdtempSync(path.join(os.tmpdir(), "loopscope-e2e-files-"));
  writeFileSync(path.join(tmpDir, "healthy-run.jsonl.gz"), gzipSync(readFileSync(example("healthy-run.jsonl"))));
});

afterAll(() => {
  if (tmpDir) rmSync(tmpDir, { recursive: true, force: true });
});

useAppPage((app) => {
  page = app.page;
});

/** Pick files on /upload and wait until each card has finished; a failed card fails with its text. */
async function uploadFiles(files: string[]): Promise<Map<string, Locator>> {
  await page.goto("/upload");
  await page.getByTestId("file-input").setInputFiles(files);
  const items = new Map<string, Locator>();
  for (const file of files) {
    const name = path.basename(file);
    const item = page.locator(`[data-testid="upload-item"][data-filename="${name}"]`);
    await item.and(page.locator('[data-state="done"], [data-state="failed"]')).waitFor();
    expect(await item.getAttribute("data-state"), await item.innerText()).toBe("done");
    items.set(name, item);
  }
  return items;
}

const badgeText = (item: Locator, id: "accepted" | "rejected") => item.getByTestId(id).textContent();
const runLinks = (item: Locator) => item.getByTestId("run-link").allTextContents();

/** The spans / failures / iterations cells of a run's row on /runs (the page is server-rendered). */
async function rowCounts(runId: string): Promise<Counts> {
  const row = page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`);
  const [spans, failures, iterations] = await Promise.all(
    ["run-spans", "run-failures", "run-iterations"].map((id) => row.getByTestId(id).textContent()),
  );
  return { spans: spans ?? "", failures: failures ?? "", iterations: iterations ?? "" };
}

async function allRowCounts(): Promise<Record<string, Counts>> {
  await page.goto("/runs");
  await page.getByTestId("runs-table").waitFor();
  const ids = await page
    .getByTestId("run-row")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-run-id") ?? ""));
  const entries = await Promise.all(ids.map(async (id) => [id, await rowCounts(id)] as const));
  return Object.fromEntries(entries);
}

describe("upload through the page", () => {
  test("a fresh server shows the empty state on /runs, pointing to Upload", async () => {
    await page.goto("/runs");
    const empty = page.getByTestId("runs-empty");
    await empty.waitFor();
    expect(await page.getByTestId("runs-table").count()).toBe(0);
    expect(await empty.getByRole("link", { name: "Upload a JSONL file" }).getAttribute("href")).toBe("/upload");
    await saveScreenshot(page, "runs-empty");
  });

  test("the four examples each reach done with their accepted and rejected counts", async () => {
    const items = await uploadFiles(
      ["bad-lines.jsonl", "harness-spans.jsonl", "stuck-loop.jsonl", "healthy-run.jsonl"].map(example),
    );
    const counts = async (name: string) => {
      const item = items.get(name)!;
      return [await badgeText(item, "accepted"), await badgeText(item, "rejected")];
    };
    expect(await counts("bad-lines.jsonl")).toEqual(["3 accepted", "6 rejected"]);
    expect(await counts("harness-spans.jsonl")).toEqual(["7 accepted", "0 rejected"]);
    expect(await counts("stuck-loop.jsonl")).toEqual(["489 accepted", "0 rejected"]);
    expect(await counts("healthy-run.jsonl")).toEqual(["190 accepted", "0 rejected"]);

    expect(await runLinks(items.get("bad-lines.jsonl")!)).toEqual(["Open run r-bad"]);
    expect(await runLinks(items.get("stuck-loop.jsonl")!)).toEqual(["Open run r-stuck-loop"]);
    expect(await runLinks(items.get("healthy-run.jsonl")!)).toEqual(["Open run r-healthy"]);
    const harnessLinks = await runLinks(items.get("harness-spans.jsonl")!);
    expect(harnessLinks).toHaveLength(1);
    harnessRunId = (harnessLinks[0] ?? "").replace(/^Open run /, "");
    expect(harnessRunId).toMatch(/^run-[0-9a-f]{12}$/); // no run_id in the file: a derived one
    await saveScreenshot(page, "upload-after-examples");
  });

  test("bad-lines.jsonl reports each rejected line by its number, with a reason", async () => {
    const errors = page
      .locator('[data-testid="upload-item"][data-filename="bad-lines.jsonl"]')
      .getByTestId("line-errors")
      .locator("li");
    const lines = await errors.allTextContents();
    expect(lines.map((l) => Number(/^line (\d+): /.exec(l)?.[1]))).toEqual([2, 3, 6, 7, 9, 10]);
    for (const line of lines) expect(line.replace(/^line \d+: /, "").trim().length, line).toBeGreaterThan(3);
  });

  test("the runs page lists each uploaded run with its spans, failures and iterations", async () => {
    expect(await allRowCounts()).toEqual({
      "r-stuck-loop": STUCK,
      "r-healthy": HEALTHY,
      "r-bad": BAD,
      [harnessRunId]: HARNESS,
    });
    await saveScreenshot(page, "runs");
  });

  test("clicking a run opens its page with its title and span count", async () => {
    await page.goto("/runs");
    const row = page.locator('[data-testid="run-row"][data-run-id="r-stuck-loop"]');
    await row.getByRole("link", { name: "fix auth null deref" }).click();
    await page.waitForURL("**/runs/r-stuck-loop");
    expect(await page.getByTestId("run-title").textContent()).toBe("fix auth null deref");
    expect(await page.getByTestId("figure-spans").locator(".value").textContent()).toBe(STUCK.spans);
    expect(await page.getByTestId("figure-failures").locator(".value").textContent()).toBe(STUCK.failures);
    expect(await page.getByTestId("figure-iterations").locator(".value").textContent()).toBe(STUCK.iterations);
    await saveScreenshot(page, "run-stuck-loop");
  });

  test("a run without a name is titled after the file it came from", async () => {
    await page.goto(`/runs/${harnessRunId}`);
    expect(await page.getByTestId("run-title").textContent()).toBe("harness-spans.jsonl");
    expect(await page.getByTestId("figure-spans").locator(".value").textContent()).toBe(HARNESS.spans);
  });

  test("a gzip-compressed copy is read whole and adds nothing to its run", async () => {
    const before = await allRowCounts();
    const items = await uploadFiles([path.join(tmpDir, "healthy-run.jsonl.gz")]);
    const item = items.get("healthy-run.jsonl.gz")!;
    expect([await badgeText(item, "accepted"), await badgeText(item, "rejected")]).toEqual([
      "190 accepted",
      "0 rejected",
    ]);
    expect(await runLinks(item)).toEqual(["Open run r-healthy"]);
    expect(await allRowCounts()).toEqual(before);
  });

  test("re-uploading the examples changes no count on the runs page", async () => {
    const before = await allRowCounts();
    await uploadFiles(["stuck-loop.jsonl", "harness-spans.jsonl", "bad-lines.jsonl"].map(example));
    expect(await allRowCounts()).toEqual(before);
  });
});
