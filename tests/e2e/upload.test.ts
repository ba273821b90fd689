// Upload the repository's examples through the real /upload page of the built
// app, then read the counts back from /runs and a run page (expectations from
// examples/README.md). The tests share one server and run in order: empty
// state → upload → runs → run page → re-uploads → several files as one run,
// foreign formats and what their run pages show.
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

/** A loop script's session as Loopscope JSONL naming no run: one iteration and its two calls. */
const sessionLines = (n: number, tSec: number) =>
  [
    { type: "span", span_id: `s${n}-a`, name: "read_file", t0: tSec, t1: tSec + 1, ok: true },
    {
      type: "span",
      span_id: `s${n}-b`,
      name: "run_tests",
      t0: tSec + 2,
      t1: tSec + 9,
      ok: n > 1,
      error: n > 1 ? "" : "2 failed",
    },
    { type: "iteration", n, ts: tSec + 10, files_modified: ["src/a.ts"], tests: { passed: 40 + n, failed: 2 - n } },
  ]
    .map((r) => JSON.stringify(r))
    .join("\n");

/** A loop-breaker status log (docs/import.md#loop-breaker-iteration-log): the harness's own score and risk. */
const ITERATION_LOG = `# Fix the auth loop

## Iteration 1 — 2026-03-04T10:00:00Z
- Circuit state: CLOSED
- Files modified: src/a.ts, src/b.ts
- Tests: 40 passed, 3 failed, 0 skipped
- Progress score: +4
- API calls remaining: 70
- Stagnation risk: LOW

## Iteration 2 — 2026-03-04T10:10:00Z
- Circuit state: OPEN
- Files modified: none
- Tests: 40 passed, 3 failed, 0 skipped
- Errors encountered: TypeError: x is undefined
- Progress score: -2
- API calls remaining: 61
- Stagnation risk: HIGH
`;

/** A run whose times an importer estimated, as the run record would carry it. */
const ESTIMATED_RUN = [
  { type: "run", run_id: "r-estimated", name: "headless session", labels: { timing: "estimated" } },
  { type: "span", run_id: "r-estimated", span_id: "e1", name: "Bash", t0: 1772618400, t1: 1772618405, ok: true },
]
  .map((r) => JSON.stringify(r))
  .join("\n");

beforeAll(() => {
  tmpDir = mkdtempSync(path.join(os.tmpdir(), "loopscope-e2e-files-"));
  writeFileSync(path.join(tmpDir, "healthy-run.jsonl.gz"), gzipSync(readFileSync(example("healthy-run.jsonl"))));
  writeFileSync(path.join(tmpDir, "loop-iter-1.jsonl"), sessionLines(1, 1772618400));
  writeFileSync(path.join(tmpDir, "loop-iter-2.jsonl"), sessionLines(2, 1772618460));
  writeFileSync(path.join(tmpDir, "status-log.md"), ITERATION_LOG);
  writeFileSync(path.join(tmpDir, "estimated.jsonl"), ESTIMATED_RUN);
});

afterAll(() => {
  if (tmpDir) rmSync(tmpDir, { recursive: true, force: true });
});

let baseUrl = "";

useAppPage((app) => {
  page = app.page;
  baseUrl = app.server.baseUrl;
});

/**
 * Pick files on /upload (after `choose` set the options) and wait until each
 * card has finished; a failed card fails with its text.
 */
async function uploadFiles(files: string[], choose?: () => Promise<void>): Promise<Map<string, Locator>> {
  await page.goto("/upload");
  await choose?.();
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

const badgeText = (item: Locator, id: "accepted" | "stored" | "rejected" | "skipped") =>
  item.getByTestId(id).textContent();
const formatText = (item: Locator) => item.getByTestId("format-label").textContent();
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
  test("a fresh server shows the empty state on /runs: the Claude Code folder import first, then Upload", async () => {
    await page.goto("/runs");
    const empty = page.getByTestId("runs-empty");
    await empty.waitFor();
    expect(await page.getByTestId("runs-table").count()).toBe(0);
    // accounts off (the e2e default): no key to set; the server is not the CLI's default URL, so it is named
    expect(await empty.getByTestId("runs-empty-command").innerText()).toBe(
      `npx loopscope ingest ~/.claude/projects/<project> --url ${baseUrl}`,
    );
    expect(await empty.getByRole("link", { name: "Upload files" }).getAttribute("href")).toBe("/upload");
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

  test("re-uploading the examples changes no count on the runs page, and each card says 0 new", async () => {
    const before = await allRowCounts();
    const items = await uploadFiles(["stuck-loop.jsonl", "harness-spans.jsonl", "bad-lines.jsonl"].map(example));
    const stuck = items.get("stuck-loop.jsonl")!;
    expect([await badgeText(stuck, "accepted"), await badgeText(stuck, "stored")]).toEqual(["489 accepted", "0 new"]);
    for (const item of items.values()) expect(await badgeText(item, "stored")).toBe("0 new");
    expect(await allRowCounts()).toEqual(before);
  });

  test("two files picked at once with One run on become one run, each showing the format it was read in", async () => {
    const files = ["loop-iter-1.jsonl", "loop-iter-2.jsonl"].map((f) => path.join(tmpDir, f));
    const items = await uploadFiles(files, async () => {
      await page.getByTestId("one-run").check();
      expect(await page.getByTestId("run-id").inputValue()).toMatch(/^loop-\d{8}-\d{4}$/); // the suggestion
      await page.getByTestId("run-id").fill("r-one-loop");
    });
    for (const item of items.values()) {
      expect(await formatText(item)).toBe("Loopscope JSONL");
      expect([await badgeText(item, "accepted"), await badgeText(item, "skipped")]).toEqual([
        "3 accepted",
        "0 skipped",
      ]);
      expect(await runLinks(item)).toEqual(["Open run r-one-loop"]);
    }
    expect((await allRowCounts())["r-one-loop"]).toEqual({ spans: "4", failures: "1", iterations: "2" });
  });

  test("an OTLP JSON export is detected as such and gets its own run link", async () => {
    const items = await uploadFiles([path.join(EXAMPLES, "otlp", "traces.json")]);
    const item = items.get("traces.json")!;
    expect(await formatText(item)).toBe("OTLP JSON");
    expect(await item.getByTestId("format").getAttribute("data-format")).toBe("otlp-json");
    expect(await runLinks(item)).not.toEqual([]);
    await saveScreenshot(page, "upload-foreign-formats");
  });

  test("an iteration log's own score and risk show beside the replayed ones on the iterations tab", async () => {
    const items = await uploadFiles([path.join(tmpDir, "status-log.md")]);
    const item = items.get("status-log.md")!;
    expect(await formatText(item)).toBe("Loop-breaker iteration log");
    expect(await runLinks(item)).toEqual(["Open run status-log"]);
    await page.goto("/runs/status-log?tab=iterations");
    const table = page.getByTestId("iterations-table");
    await table.waitFor();
    expect(await table.getByRole("columnheader", { name: "Logged" }).count()).toBe(1);
    const logged = table.getByTestId("iteration-row").getByTestId("iteration-logged");
    expect(await logged.getByTestId("logged-score").allTextContents()).toEqual(["4", "-2"]);
    expect(await logged.getByTestId("logged-risk").allTextContents()).toEqual(["LOW", "HIGH"]);
  });

  test("a run without the logged readings has no Logged column", async () => {
    await page.goto("/runs/r-one-loop?tab=iterations");
    await page.getByTestId("iterations-table").waitFor();
    expect(await page.getByRole("columnheader", { name: "Logged" }).count()).toBe(0);
  });

  test("a run labelled timing: estimated says so on its page, with a link to how", async () => {
    await uploadFiles([path.join(tmpDir, "estimated.jsonl")]);
    await page.goto("/runs/r-estimated");
    const notice = page.getByTestId("timing-estimated");
    expect(await notice.textContent()).toContain(
      "Times estimated: this log has no timestamps, so times were spread evenly between the session's start and the file's modification time",
    );
    expect(await notice.getByRole("link").getAttribute("href")).toBe("/docs/import#times");
    await page.goto("/runs/r-one-loop");
    await page.getByTestId("overview").waitFor();
    expect(await page.getByTestId("timing-estimated").count()).toBe(0);
  });
});
