// The run page's conversation tab on the built app (docs/dashboard.md#conversation):
// a run ingested over POST /api/v1/ingest — two iterations with a `prompt`
// each (one holding raw HTML), a model response with its text and thinking
// length, a failing Bash call and an Edit — reads turn by turn: the prompts
// as literal text, the assistant's text, the Edit as red and green lines, a
// link to each span on the timeline; the GET search keeps the matching turn;
// at 390 px nothing is wider than the screen. Beside the timeline, the
// conversation pane keeps in step both ways on the example Claude Code
// session, and a detection or halt line opens the turn it fired on.
// Screenshots at 1366 and 390 px go to test-results/screenshots/conversation/.
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

describe("the conversation pane beside the timeline", () => {
  const pane = () => page.getByTestId("conversation-pane");
  /** Whether the pane's element `id` has its top inside the pane's scrolled box. */
  const inPane = (id: string) =>
    page.evaluate((anchor) => {
      const scroll = document.querySelector('[data-testid="conversation-pane-scroll"]');
      const el = scroll?.querySelector(`[id="${anchor}"]`);
      if (!scroll || !el) return false;
      const box = scroll.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      return r.top >= box.top - 1 && r.top < box.bottom;
    }, id);

  test("in step both ways on the example session, and a detection or halt line opens its turn", async () => {
    const res = await page.request.post("/api/v1/examples");
    expect(res.status()).toBe(200);
    // Short enough that the example's two turns do not fit the pane at once.
    await page.setViewportSize({ width: 1366, height: 420 });
    await page.goto("/runs/example-claude-code-conversation?tab=timeline");
    await page.locator('[data-testid="timeline"][data-loaded="complete"]').waitFor();
    await page.getByTestId("conversation-pane-toggle").click();
    await pane().getByTestId("conversation-turn").nth(1).waitFor();
    await page.waitForFunction(() => new URL(location.href).searchParams.get("conv") === "1");
    const editId = (await pane().getByTestId("conversation-call").first().getAttribute("data-span-id"))!;

    // The reader scrolls the pane to its end: the timeline's focus becomes turn 2.
    await page.getByTestId("conversation-pane-scroll").hover();
    await page.mouse.wheel(0, 4000);
    await page.locator('[data-testid="conversation-focus"][data-anchor="turn-2"]').waitFor();
    expect(await page.getByTestId("conversation-pane-scroll").getAttribute("data-top-turn")).toBe("turn-2");
    expect(await inPane(`span-${editId}`)).toBe(false);

    // A span selected on the timeline: the pane scrolls to its message and highlights it…
    await page.locator(`[data-testid="timeline-row"][data-span-id="${editId}"]`).click();
    await pane().locator(`[id="span-${editId}"][data-highlighted="true"]`).waitFor();
    await expect.poll(() => inPane(`span-${editId}`)).toBe(true);
    // …and that scroll of its own does not move the timeline back (checked after the screenshot,
    // longer than the pane's debounce): no loop between the two.
    await saveScreenshot(page, "conversation/pane-1366");
    expect(await page.getByTestId("conversation-focus").getAttribute("data-anchor")).toBe("turn-2");
    expect(await page.getByTestId("conversation-pane-scroll").getAttribute("data-top-turn")).toBe("turn-2");

    // A detection on the overview opens the timeline at its iteration, the pane on that turn.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto("/runs/r-stuck-loop?tab=tools");
    const detection = page.getByTestId("detection-link").first();
    const n = await detection.getAttribute("data-iteration");
    await detection.click();
    await page.waitForURL(new RegExp(`tab=timeline&view=[\\d.]+-[\\d.]+&conv=1#turn-${n}$`));
    await pane().locator(`[id="turn-${n}"][data-highlighted="true"]`).waitFor();
    await expect.poll(() => inPane(`turn-${n}`)).toBe(true);

    // The halt line's iteration is a link to its turn; its breaker's words carry the glossary's explanation.
    await page.getByTestId("conversation-pane-scroll").evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const halt = page.getByTestId("halt-turn-link").first();
    const anchor = (await halt.getAttribute("data-anchor"))!;
    expect(await inPane(anchor)).toBe(false);
    await halt.click();
    await pane().locator(`[id="${anchor}"][data-highlighted="true"]`).waitFor();
    await expect.poll(() => inPane(anchor)).toBe(true);
    const label = page.locator('[data-testid="halt-line"], [data-testid="halt-offscreen"]').first();
    const term = label.locator('[data-term-kind="breaker"][data-term="loop"]');
    expect(await term.getAttribute("title")).toMatch(/^loop breaker: /);
    expect(await label.innerText()).toMatch(/^(← )?replay: would have halted here · iteration \d+ \(/);
  });
});
