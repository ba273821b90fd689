// The run page explains itself: on the stuck-loop example every detector name,
// breaker state, action, risk and badge is a term — a link to its glossary
// heading with its explanation as the hover text and as its description — and
// the runs list's badges are too. Also the small things of a first visit: the
// home page says what Loopscope is, the favicon, and the app's own 404 inside
// its layout for an unknown path and an unknown run.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import type { AnalysisReport } from "@/lib/analysis/analyze";
import { DETECTORS } from "@/lib/analysis/iteration-report-types";
import { countBottlenecks } from "@/lib/charts/bottlenecks";
import { saveScreenshot, useAppPage } from "./support/browser";

const STUCK = "/runs/r-stuck-loop";
let page: Page;

useAppPage(async (app) => {
  page = app.page;
  const res = await page.request.post("/api/v1/examples");
  if (res.status() !== 200) throw new Error(`POST /api/v1/examples: HTTP ${res.status()} ${await res.text()}`);
});

type TermInfo = { term: string; kind: string; title: string; href: string; described: string };

/** Every term on the page: its name, kind, hover text, link and the text its aria-describedby points at. */
function readTerms(): Promise<TermInfo[]> {
  return page.locator("[data-term]").evaluateAll((els) =>
    els.map((el) => ({
      term: el.getAttribute("data-term") ?? "",
      kind: el.getAttribute("data-term-kind") ?? "",
      title: el.getAttribute("title") ?? "",
      href: el.getAttribute("href") ?? "",
      described: document.getElementById(el.getAttribute("aria-describedby") ?? "")?.textContent ?? "",
    })),
  );
}

/**
 * Text on the page that names a detector outside a term (a detector shown
 * without its explanation). A chart's own labels (SVG) are left out: the
 * chart's note beneath names the same detectors as terms.
 */
function unexplainedDetectors(): Promise<string[]> {
  return page.evaluate(
    (names) => {
      const re = new RegExp(`(?<![A-Za-z0-9_])(${names.join("|")})(?![A-Za-z0-9_])`);
      const out: string[] = [];
      const walker = document.createTreeWalker(document.querySelector("main")!, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (re.test(n.textContent ?? "") && !el?.closest("[data-term]") && !el?.closest("svg"))
          out.push(n.textContent ?? "");
      }
      return out;
    },
    [...DETECTORS],
  );
}

describe("the stuck-loop run page explains its terms", () => {
  test.each(["timeline", "iterations", "breakers", "context", "tools"])("%s tab", async (tab) => {
    await page.goto(`${STUCK}?tab=${tab}`);
    await page.getByTestId(`tabpanel-${tab}`).waitFor();
    const terms = await readTerms();
    expect(terms.length).toBeGreaterThan(3);
    for (const t of terms) {
      expect(t.title, t.term).not.toBe("");
      expect(t.href, t.term).toMatch(/^\/docs\/(analysis|dashboard)#[a-z0-9-]+$/);
      expect(t.title.startsWith(t.described), t.term).toBe(true);
    }
    expect(await unexplainedDetectors()).toEqual([]);
    // The overview names the halting detector, the breaker's end state, the action and the risk.
    const kinds = new Set(terms.map((t) => `${t.kind}:${t.term}`));
    for (const k of ["detector:negative_window", "action:BLOCKER_ESCALATION", "risk:HIGH", "decision:clear"]) {
      expect(kinds, k).toContain(k);
    }
  });

  test("every detector that fired is a term on the iterations and breakers tabs", async () => {
    const report = (await (await page.request.get(`/api/v1${STUCK}/analysis`)).json()) as AnalysisReport;
    const fired = [...new Set(report.stagnation.detections.map((d) => d.detector))];
    expect(fired.length).toBeGreaterThan(2);
    await page.goto(`${STUCK}?tab=iterations`);
    const onIterations = new Set((await readTerms()).filter((t) => t.kind === "detector").map((t) => t.term));
    expect([...onIterations].sort()).toEqual(expect.arrayContaining(fired.sort()));
    await saveScreenshot(page, "glossary-iterations");
    await page.goto(`${STUCK}?tab=breakers`);
    const loop = page.locator('[data-testid="breaker-entry"][data-breaker="loop"]').first();
    const detector = loop.locator('[data-term-kind="detector"]');
    expect(await detector.getAttribute("title")).toContain("stagnation detector");
    expect(await loop.locator('[data-term-kind="state"]').count()).toBe(2); // CLOSED→OPEN
  });

  test("every breaker lane on the timeline is named by a breaker term, its marks' states and detectors too", async () => {
    await page.goto(`${STUCK}?tab=timeline`);
    const lanes = page.getByTestId("breaker-lane");
    await lanes.first().waitFor();
    const labels = page.getByTestId("breaker-lane-label");
    expect(await labels.count()).toBe(await lanes.count());
    const named = await labels.evaluateAll((els) =>
      els.map((el) => el.querySelector('[data-term-kind="breaker"]')?.getAttribute("title") ?? ""),
    );
    for (const title of named) expect(title).toMatch(/\nreplay: /); // the explanation, then the lane it is
    const loop = page.locator('[data-testid="breaker-lane"][data-lane="loop"] [data-testid="lane-mark"] span');
    if ((await loop.count()) > 0) expect(await loop.first().locator('[data-term-kind="state"]').count()).toBe(1);
  });

  test("a term opens its glossary heading; the rest of its verdict card opens the tab", async () => {
    await page.goto(STUCK);
    // The verdict is stuck-loop's first stop, the three-layer trip: its action is a term.
    await page.getByTestId("verdict-halt").locator('[data-term="BLOCKER_ESCALATION"]').click();
    await page.waitForURL(/\/docs\/analysis#three-layer-breaker$/);
    expect(await page.locator("#three-layer-breaker").count()).toBe(1);
    await page.goto(STUCK);
    await page.getByTestId("verdict-risk").locator('[data-term="negative_window"]').first().click();
    await page.waitForURL(/\/docs\/analysis#stagnation-detectors$/);
    expect(await page.locator("#stagnation-detectors").count()).toBe(1);
    await page.goto(STUCK);
    await page.getByTestId("verdict-risk").getByRole("link", { name: "Iterations tab →" }).click();
    await page.waitForURL(/tab=iterations/);
  });

  test("the tools tab counts slow, failing and repeated tools, not the only-overcalled ones", async () => {
    const report = (await (await page.request.get(`/api/v1${STUCK}/analysis`)).json()) as AnalysisReport;
    const { alarmed, overcalledOnly } = countBottlenecks(report.bottlenecks);
    await page.goto(`${STUCK}?tab=tools`);
    const summary = page.getByTestId("tools-bottlenecks");
    expect(await summary.getAttribute("data-alarmed")).toBe(String(alarmed));
    if (overcalledOnly > 0) expect(await summary.textContent()).toContain("only overcalled");
    await saveScreenshot(page, "glossary-tools");
  });
});

describe("the runs list", () => {
  test("every badge is a term with its explanation", async () => {
    await page.goto("/runs");
    const badges = page.getByTestId("run-badges").locator(".badge");
    expect(await badges.count()).toBeGreaterThan(5);
    const terms = await page.getByTestId("run-badges").locator("[data-term]").count();
    expect(terms).toBe(await badges.count());
    expect(await page.getByTestId("badge-bottlenecks").first().getAttribute("title")).toContain("slow, failing");
  });
});

describe("a first visit", () => {
  test("the home page says what Loopscope is and how to get a run in, above the runs", async () => {
    await page.goto("/");
    const intro = page.getByTestId("home-intro");
    expect(await intro.textContent()).toContain("Loopscope is a post-mortem");
    const hrefs = await intro.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(expect.arrayContaining(["/upload", "/docs/import"]));
    expect(await intro.getByTestId("intro-load-examples").textContent()).toBe("Load example runs");
    await page.getByTestId("runs-table").waitFor();
    await saveScreenshot(page, "home");
  });

  test("the app has a favicon", async () => {
    await page.goto("/");
    const href = await page.locator('head link[rel="icon"]').first().getAttribute("href");
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("image/svg+xml");
  });

  test.each([
    ["an unknown path", "/nope"],
    ["an unknown run", "/runs/nope"],
  ])("%s is the app's 404, inside its layout", async (_what, url) => {
    const res = await page.goto(url);
    expect(res?.status()).toBe(404);
    await page.getByTestId("not-found").waitFor();
    expect(await page.getByRole("navigation", { name: "main" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Not found" }).count()).toBe(1);
    await saveScreenshot(page, `not-found${url.replaceAll("/", "-")}`);
  });
});
