// The run page's conversation tab on the built app (docs/dashboard.md#conversation):
// a run ingested over POST /api/v1/ingest — two iterations with a `prompt`
// each (one holding raw HTML), a model response with its text and thinking
// length, a failing Bash call and an Edit — reads turn by turn: the prompts
// as literal text, the assistant's text, the Edit as red and green lines, a
// link to each span on the timeline; the GET search keeps the matching turn;
// at 390 px nothing is wider than the screen. Screenshots at 1366 and 390 px
// go to test-results/screenshots/conversation/.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { saveScreenshot, useAppPage } from "./support/browser";

let page: Page;

const RUN = "r-conversation";
const T0 = 1_772_442_000; // 2026-03-02T09:00:00Z
const LONG_PATH = `/home/dev/${"a_directory_name_without_spaces_".repeat(8)}notes.md`;
const LINES = [
  { type: "run", run_id: RUN, name: "conversation e2e", started_at: T0 },
  { type: "iteration", run_id: RUN, n: 1, ts: T0 + 30, prompt: "Fix the cart total, it shows <b>html</b> raw" },
  { type: "iteration", run_id: RUN, n: 2, ts: T0 + 60, prompt: `Now write the zebra changelog\nin ${LONG_PATH}` },
  {
    type: "span",
    run_id: RUN,
    span_id: "m1",
    name: "claude-sonnet-4-5",
    kind: "llm",
    t0: T0 + 1,
    t1: T0 + 3,
    iteration: 1,
    output: "I'll run the cart tests first.",
    meta: { thinking_chars: 1234 },
  },
  {
    type: "span",
    run_id: RUN,
    span_id: "b1",
    name: "Bash",
    t0: T0 + 4,
    t1: T0 + 6,
    iteration: 1,
    input: { command: "pytest tests/test_cart.py", description: "Run the cart tests" },
    output: `FAILED tests/test_cart.py::test_total - AssertionError: 90 != 100 ${"x".repeat(300)}`,
    error: "exit code 1",
  },
  {
    type: "span",
    run_id: RUN,
    span_id: "e1",
    name: "Edit",
    t0: T0 + 35,
    t1: T0 + 35.2,
    iteration: 2,
    input: { file_path: LONG_PATH, old_string: "## Unreleased", new_string: "## 1.2.0 (zebra)" },
    output: "The file has been updated.",
  },
]
  .map((r) => JSON.stringify(r))
  .join("\n");

useAppPage(async (app) => {
  page = app.page;
  const res = await page.request.post("/api/v1/ingest", {
    headers: { "content-type": "application/x-ndjson" },
    data: `${LINES}\n`,
  });
  if (res.status() !== 200) throw new Error(`POST /api/v1/ingest: HTTP ${res.status()} ${await res.text()}`);
});

const turns = () => page.getByTestId("conversation-turn");
const call = (spanId: string) => page.locator(`[data-testid="conversation-call"][data-span-id="${spanId}"]`);

describe("the conversation tab", () => {
  test("the tab row has it, and it reads turn by turn: prompts as literal text, the assistant's text", async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/runs/${RUN}`);
    await page.getByRole("tab", { name: "Conversation" }).click();
    await page.waitForURL(/tab=conversation/);
    await page.getByTestId("conversation").waitFor();
    expect(await page.getByRole("tab", { selected: true }).textContent()).toContain("Conversation");
    expect(await turns().count()).toBe(2);
    const first = page.locator("#turn-1");
    expect(await first.getByRole("heading").innerText()).toMatch(/^Turn 1 · 09:00:00 UTC/);
    const prompt = first.getByTestId("conversation-prompt");
    expect(await prompt.innerText()).toBe("Fix the cart total, it shows <b>html</b> raw");
    expect(await prompt.locator("b").count()).toBe(0);
    const reply = page.locator("#span-m1");
    expect(await reply.getByTestId("conversation-text").innerText()).toBe("I'll run the cart tests first.");
    expect(await reply.getByTestId("conversation-thinking").innerText()).toBe("thought for 1,234 characters");
    await saveScreenshot(page, "conversation/run-1366");
  });

  test("a tool call is a compact row: the command, ✗ and its error line, the result folded", async () => {
    const bash = call("b1");
    expect(await bash.locator(".conversation-summary").innerText()).toBe("pytest tests/test_cart.py");
    expect(await bash.getByRole("img", { name: "failed" }).count()).toBe(1);
    expect(await bash.getByTestId("conversation-error").innerText()).toBe("exit code 1");
    const result = bash.locator("details");
    expect(await result.getAttribute("open")).toBeNull();
    await result.locator("summary").click();
    expect(await result.locator("pre").innerText()).toContain("AssertionError: 90 != 100");
  });

  test("the Edit reads as a diff: the old line removed, the new one added", async () => {
    const diff = call("e1").getByTestId("conversation-diff");
    expect(await diff.locator("del").allInnerTexts()).toEqual(["## Unreleased"]);
    expect(await diff.locator("ins").allInnerTexts()).toEqual(["## 1.2.0 (zebra)"]);
    // The row's summary cuts the long path; the diff names it whole.
    expect(await diff.locator(".conversation-diff-path").innerText()).toBe(LONG_PATH);
  });

  test("'on the timeline' opens the timeline with that span selected, and its panel leads back", async () => {
    const link = call("e1").getByTestId("on-the-timeline");
    expect(await link.getAttribute("href")).toBe(`/runs/${RUN}?tab=timeline&span=e1`);
    await link.click();
    await page.waitForURL(/tab=timeline&span=e1/);
    const panel = page.locator('[data-testid="span-panel"][data-span-id="e1"]');
    await panel.waitFor();
    const back = panel.getByTestId("span-panel-conversation");
    expect(await back.getAttribute("href")).toBe(`/runs/${RUN}?tab=conversation#span-e1`);
    await back.click();
    await page.waitForURL(/tab=conversation#span-e1/);
    await call("e1").waitFor();
  });

  test("searching a word of the second prompt leaves that turn only, and says so", async () => {
    await page.goto(`/runs/${RUN}?tab=conversation`);
    await page.getByTestId("conversation-q").fill("ZEBRA");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=ZEBRA/);
    expect(new URL(page.url()).searchParams.get("tab")).toBe("conversation");
    expect(await page.getByTestId("conversation-matches").innerText()).toBe("1 of 2 turns match ‘ZEBRA’");
    expect(await turns().count()).toBe(1);
    expect(await turns().first().getAttribute("id")).toBe("turn-2");
  });

  test("at 390 px nothing is wider than the screen", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/runs/${RUN}?tab=conversation`);
    await page.getByTestId("conversation").waitFor();
    await call("b1").locator("details summary").click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, "conversation/run-390");
  });

  test("a link to a call's anchor lands on it, below the sticky top bar", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/runs/${RUN}?tab=conversation#span-e1`);
    await call("e1").waitFor();
    const box = (await call("e1").boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(44); // the top bar's height (globals.css .topbar)
    expect(box.y).toBeLessThan(844 / 2);
  });
});
