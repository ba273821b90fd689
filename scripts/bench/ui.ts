// `npm run bench -- ui [--spans N] [--rebuild]`: the timeline at scale (docs/benchmarks.md).
// Generates a nested run of N spans (default 100 000; several
// tools, ~5 % failures, events), ingests it into a fresh PGlite of the built
// app (the e2e build in .next-e2e, built if missing), opens its timeline in
// headless Chromium and prints, on a first visit, a second visit, and a first
// visit to another fresh run by a browser that has loaded the app before (the
// browser's one-time compile of the app's scripts left out): the page's first
// byte and its end (the page streams: the analysis comes last), the first
// timeline paint — the first rows and their bars, server-rendered with the
// page's first span page (Element Timing of the first row, `timeline-rows`) —,
// when the app's scripts have drawn the canvas and the timeline answers
// (the component's `timeline-first-paint` mark), when the lanes could be drawn
// (`timeline-analysis-ready`) and when every span page was received. Then
// frame times while panning and zooming for ~3 s, and the JS heap. Frames are uncapped (no vsync), so a frame's time is
// its real cost, not the 16.7 ms of a 60 Hz display. Prints; asserts nothing.
import { existsSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/e2e/support/browser";
import { buildAppOnce, E2E_DIST_DIR, ROOT, startServer } from "../../tests/e2e/support/server";

const RUN_ID = "r-bench-ui";
const TOOLS = ["read_file", "edit_file", "run_tests", "http_get", "search", "run_shell"];
const T0_S = Date.parse("2026-01-05T09:00:00Z") / 1000;
const FIRST_PAINT_TARGET_MS = 2000;
const FRAME_TARGET_MS = 16;

/** Deterministic PRNG (mulberry32): the same run every time. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** JSONL of a run: iterations of ~500 spans each — tool calls and llm calls with nested tool calls. */
export function generateRun(spans: number, runId = RUN_ID): string {
  const rnd = prng(42);
  const lines: string[] = [
    JSON.stringify({
      type: "run",
      run_id: runId,
      name: `bench ${spans} spans`,
      agent: "bench",
      started_at: new Date(T0_S * 1000).toISOString(),
    }),
  ];
  const span = (o: Record<string, unknown>) =>
    lines.push(JSON.stringify({ type: "span", run_id: runId, kind: "tool", ...o }));
  let t = T0_S;
  let id = 0;
  for (let n = 1; id < spans; n++) {
    const itId = `it${n}`;
    const start = t;
    id++;
    let parent = itId;
    for (let k = 0; k < 499 && id < spans; k++) {
      if (k % 25 === 0) {
        parent = `s${id}`;
        span({
          span_id: parent,
          parent_id: itId,
          name: "llm_call",
          kind: "llm",
          t0: t,
          t1: t + 0.4 + rnd() * 2,
          iteration: n,
          tokens_in: 2000,
          tokens_out: 300,
        });
        id++;
        continue;
      }
      const d = 0.005 + rnd() * rnd() * 3;
      const failed = rnd() < 0.05;
      span({
        span_id: `s${id}`,
        parent_id: rnd() < 0.3 ? parent : itId,
        name: TOOLS[Math.floor(rnd() * TOOLS.length)],
        t0: t,
        t1: t + d,
        iteration: n,
        ok: !failed,
        error: failed ? `E${Math.floor(rnd() * 5)}: tool failed` : "",
      });
      id++;
      t += d + rnd() * 0.05;
    }
    span({ span_id: itId, name: "iteration", kind: "agent", t0: start, t1: t, iteration: n });
    lines.push(
      JSON.stringify({ type: "iteration", run_id: runId, n, ts: t, files_modified: ["a.ts"], tokens_used: 50_000 }),
    );
    if (n % 3 === 0)
      lines.push(
        JSON.stringify({
          type: "event",
          run_id: runId,
          ts: t - 1,
          kind: n % 2 ? "api_error" : "permission_denied",
          status: 500,
          tool: "Bash",
          detail: `event ${n}`,
        }),
      );
    t += 1;
  }
  return `${lines.join("\n")}\n`;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length - 1) * p))] ?? NaN;
};
const row = (label: string, value: string, note = "") =>
  console.log(`  ${label.padEnd(40)} ${value.padStart(12)}${note ? `   ${note}` : ""}`);
const verdict = (ok: boolean) => (ok ? "OK" : "MISSED");

export async function run(args: string[]): Promise<void> {
  const at = args.indexOf("--spans");
  const spans = at >= 0 ? Number(args[at + 1]) : 100_000;
  if (!args.includes("--rebuild") && existsSync(path.join(ROOT, E2E_DIST_DIR, "BUILD_ID")))
    process.env.LOOPSCOPE_E2E_SKIP_BUILD = "1";
  const built = await buildAppOnce();
  console.log(
    built === null
      ? `  using the build in ${E2E_DIST_DIR} (--rebuild to rebuild)`
      : `  built the app in ${(built / 1000).toFixed(1)} s`,
  );
  const body = generateRun(spans);
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, "--disable-gpu-vsync", "--disable-frame-rate-limit", "--enable-precise-memory-info"],
  });
  try {
    const ingestBody = async (jsonl: string) => {
      const res = await fetch(`${server.baseUrl}/api/v1/ingest`, {
        method: "POST",
        headers: { "content-type": "application/x-ndjson" },
        body: jsonl,
      });
      if (!res.ok) throw new Error(`ingest: HTTP ${res.status} ${await res.text()}`);
      return (await res.json()) as { accepted: number };
    };
    const t0 = performance.now();
    const ingest = await ingestBody(body);
    row(
      "generated + ingested",
      `${ingest.accepted.toLocaleString("en-US")} records`,
      `${(body.length / 1e6).toFixed(1)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    page.setDefaultTimeout(120_000);
    // tsx compiles with keepNames: the functions sent to the page call __name.
    await page.addInitScript({ content: "globalThis.__name = (f) => f;" });
    const cold = await openTimeline(page, `${server.baseUrl}/runs/${RUN_ID}?tab=timeline`);
    const warm = await openTimeline(page, `${server.baseUrl}/runs/${RUN_ID}?tab=timeline`);
    const count = await page.getByTestId("timeline").getAttribute("data-span-count");
    const frames = await page.evaluate(panAndZoom, 3000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("HeapProfiler.collectGarbage");
    const { usedSize } = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number; totalSize: number };
    // A second fresh run, opened by a browser that has loaded the app before: the first
    // visit's cost without the browser's one-time compile of the app's scripts.
    await ingestBody(generateRun(spans, `${RUN_ID}-2`));
    const freshRun = await openTimeline(page, `${server.baseUrl}/runs/${RUN_ID}-2?tab=timeline`);

    console.log(`\n  timeline of ${Number(count).toLocaleString("en-US")} spans, Chromium headless, frames uncapped`);
    for (const [label, m] of [
      ["first visit (analysis computed)", cold],
      ["second visit (analysis cached)", warm],
      ["another fresh run, app opened before", freshRun],
    ] as const) {
      row(label, "");
      row("  page's first byte", `${m.firstByte.toFixed(0)} ms`);
      row("  page fully streamed (with the analysis)", `${m.html.toFixed(0)} ms`);
      row(
        "  time to first timeline paint",
        `${m.rowsPainted.toFixed(0)} ms`,
        `target ≤ ${FIRST_PAINT_TARGET_MS} ms: ${verdict(m.rowsPainted <= FIRST_PAINT_TARGET_MS)} (server-rendered rows)`,
      );
      row("  canvas drawn, timeline answers", `${m.canvasPainted.toFixed(0)} ms`, "the app's scripts ran");
      row("  lanes and halt lines drawn", `${m.analysis.toFixed(0)} ms`, "the analysis arrived");
      row(
        "  all span pages received",
        `${m.loaded.toFixed(0)} ms`,
        `${m.pages} pages, largest ${m.largestPageKb.toFixed(0)} KB`,
      );
    }
    row(`frames while panning/zooming (${frames.length})`, "");
    row(
      "  median frame time",
      `${pct(frames, 0.5).toFixed(1)} ms`,
      `target ≤ ${FRAME_TARGET_MS} ms: ${verdict(pct(frames, 0.5) <= FRAME_TARGET_MS)}`,
    );
    row("  p95 frame time", `${pct(frames, 0.95).toFixed(1)} ms`);
    row("  worst frame", `${Math.max(...frames).toFixed(1)} ms`);
    row("JS heap used (after GC)", `${(usedSize / 1e6).toFixed(1)} MB`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

type Visit = {
  firstByte: number;
  html: number;
  analysis: number;
  rowsPainted: number;
  canvasPainted: number;
  loaded: number;
  pages: number;
  largestPageKb: number;
};

/** Navigate and time the milestones, in ms from navigation start. */
async function openTimeline(page: Page, url: string): Promise<Visit> {
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName("timeline-first-paint").length > 0);
  await page.locator('[data-testid="timeline"][data-loaded="complete"]').waitFor();
  await page.locator('[data-testid="timeline"][data-analysis="ready"]').waitFor();
  // Element Timing entries are only observed (buffered), never listed by getEntriesByType.
  const rowsPainted = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list
            .getEntries()
            .find((e) => (e as PerformanceEntry & { identifier?: string }).identifier === "timeline-rows");
          if (entry) resolve((entry as PerformanceEntry & { renderTime: number }).renderTime || entry.startTime);
        }).observe({ type: "element", buffered: true });
        setTimeout(() => resolve(NaN), 1000); // no server-rendered rows
      }),
  );
  const rest = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const pages = performance
      .getEntriesByType("resource")
      .filter((r) => r.name.includes("/timeline?")) as PerformanceResourceTiming[];
    const mark = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
    return {
      firstByte: nav.responseStart,
      html: nav.responseEnd,
      analysis: mark("timeline-analysis-ready"),
      canvasPainted: mark("timeline-first-paint"),
      // The first span page comes with the page; the later ones are fetched.
      loaded: Math.max(nav.responseEnd, ...pages.map((p) => p.responseEnd)),
      pages: pages.length + 1,
      largestPageKb: Math.max(0, ...pages.map((p) => p.decodedBodySize)) / 1024,
    };
  });
  return { ...rest, rowsPainted };
}

/** In the page: for `ms`, one wheel event per frame on the waterfall (shift = pan, ctrl = zoom), collecting rAF deltas. */
function panAndZoom(ms: number): Promise<number[]> {
  const el = document.querySelector('[data-testid="timeline-scroll"]') as HTMLElement;
  const box = el.getBoundingClientRect();
  const deltas: number[] = [];
  return new Promise((resolve) => {
    const start = performance.now();
    let last = start;
    let k = 0;
    const step = (now: number) => {
      if (k > 0) deltas.push(now - last);
      last = now;
      const phase = Math.floor(k / 40) % 4; // zoom in, pan right, zoom out, pan left
      const zoom = phase === 0 || phase === 2;
      el.dispatchEvent(
        new WheelEvent("wheel", {
          bubbles: true,
          cancelable: true,
          clientX: box.left + 300 + (box.width - 300) / 2,
          clientY: box.top + 100,
          deltaY: zoom ? (phase === 0 ? -60 : 60) : 0,
          deltaX: zoom ? 0 : phase === 1 ? 40 : -40,
          ctrlKey: zoom,
          shiftKey: false,
        }),
      );
      el.scrollTop += k % 2 ? 22 : -11;
      k++;
      if (now - start < ms) requestAnimationFrame(step);
      else resolve(deltas);
    };
    requestAnimationFrame(step);
  });
}
