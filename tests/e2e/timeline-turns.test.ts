// The timeline of a Claude Code session on the built app
// (docs/dashboard.md#rows-by-turn): the example session of two prompts
// (examples/claude-code-conversation/session.jsonl) ingested over the API
// reads as one turn row per prompt, labelled with it, its tool and model
// calls one level under it; the ▾ toggle folds a turn; a click on a turn
// zooms to it and opens no span panel. Screenshot in test-results/screenshots/.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { saveScreenshot, useAppPage } from "./support/browser";
import { ingestExample } from "./support/server";

const RUN = "example-claude-code-conversation";
const EDIT = "cc-toolu_01000000000000000000000101";
const BASH = "cc-toolu_01000000000000000000000102";
let page: Page;

useAppPage(async (app) => {
  page = app.page;
  await ingestExample(app.server, "claude-code-conversation/session.jsonl", RUN);
});

const turn = (n: number) => page.locator(`[data-testid="timeline-turn"][data-turn="${n}"]`);
const spanRow = (id: string) => page.locator(`[data-testid="timeline-row"][data-span-id="${id}"]`);

/** Every row on screen in order: "turn N" for a turn row, else the span id indented by its depth. */
const outline = () =>
  page.locator('[data-testid="timeline-row"], [data-testid="timeline-turn"]').evaluateAll((els) =>
    els.map((el) => {
      const e = el as HTMLElement;
      const depth = "  ".repeat(Number(e.dataset.depth ?? 0));
      return e.dataset.turn !== undefined ? `${depth}turn ${e.dataset.turn}` : `${depth}${e.dataset.spanId}`;
    }),
  );

describe("the timeline of a Claude Code session", () => {
  test("each prompt is a turn row labelled with it, its calls one level under it", async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/runs/${RUN}?tab=timeline`);
    await page.locator('[data-testid="timeline"][data-loaded="complete"]').waitFor();
    await turn(1).waitFor();
    expect(await page.getByTestId("timeline-turn-label").allInnerTexts()).toEqual([
      "turn 1 · Cart prices show 10.5 instead of 10.50. Format them with two decimals.",
      "turn 2 · Also show the currency: €10.50.",
    ]);
    const rows = await outline();
    expect(rows[0]).toBe("turn 1");
    expect(rows.indexOf("turn 2")).toBeGreaterThan(rows.indexOf(`  ${BASH}`));
    expect(rows.slice(1, rows.indexOf("turn 2"))).toEqual(expect.arrayContaining([`  ${EDIT}`, `  ${BASH}`]));
    expect(rows.filter((r) => !r.startsWith("turn")).every((r) => r.startsWith("  "))).toBe(true);
    expect(await turn(1).innerText()).toContain("4 spans");
    await saveScreenshot(page, "timeline-turns");
  });

  test("the toggle folds a turn's calls away and back", async () => {
    await turn(1).getByRole("button", { name: "collapse turn 1" }).click();
    await spanRow(EDIT).waitFor({ state: "detached" });
    expect(await turn(1).getAttribute("data-collapsed")).toBe("1");
    expect(await turn(2).count()).toBe(1);
    await turn(1).getByRole("button", { name: "expand turn 1" }).click();
    await spanRow(EDIT).waitFor();
  });

  test("a click on a turn zooms the view to it and opens no span panel", async () => {
    const [t0, t1] = await Promise.all([turn(2).getAttribute("data-t0"), turn(2).getAttribute("data-t1")]);
    await turn(2).getByTestId("timeline-turn-label").click();
    await page.waitForFunction(() => new URL(location.href).searchParams.has("view"));
    const [start, end] = new URL(page.url()).searchParams.get("view")!.split("-").map(Number);
    expect(start).toBeLessThanOrEqual(Number(t0));
    expect(end).toBeGreaterThanOrEqual(Number(t1));
    expect(end! - start!).toBeLessThan(1.2 * (Number(t1) - Number(t0)) + 2);
    expect(await page.getByTestId("span-panel").count()).toBe(0);
  });
});
