// lib/charts/breaker-log: every breaker's transitions and trips in one
// chronological log, each with a timeline window around it.
import path from "node:path";
import { describe, expect, test } from "vitest";
import { analyzeRun } from "@/lib/analysis/analyze";
import { buildMemoryInput } from "@/lib/analysis/memory-source";
import { DEFAULT_SETTINGS } from "@/lib/analysis/settings";
import { prepareBreakerLog, timelineHref, viewPadMs } from "@/lib/charts/breaker-log";
import { loadSample } from "../analysis/tool-side-factories";
import { makeReport } from "@/tests/support/analysis-report";
import { at, RUN_START } from "./factories";

const HOUR_MS = 3_600_000;

describe("prepareBreakerLog", () => {
  // 0 s layer warning · 60 s tool opens (until 120 s) · 90 s loop opens · 100 s permission opens · 200 s api opens
  const report = makeReport({
    layers: {
      status: "TRIGGERED",
      action: "BLOCKER_ESCALATION",
      after_first_trip: { iterations: 0, tokens: 0, ms: 0, cost_usd: null },
      events: [
        {
          layer: "token",
          kind: "warning",
          severity: "LOW",
          value: 8500,
          limit: 10000,
          task_id: "t-1",
          iteration: 1,
          at: at(0),
        },
      ],
    },
    tool_breakers: [{ tool: "http_get", opened: [{ at: at(60), until: at(120) }], blocked_calls: 2, blocked_ms: 5 }],
    loop_breaker: {
      transitions: [{ from: "CLOSED", to: "OPEN", at: at(90), iteration: 11, reason: "negative_window" }],
      final_state: "OPEN",
      would_have_halted_at: { iteration: 11, at: at(90), reason: "negative_window" },
      savings: { iterations: 1, tokens: 1, ms: 1, cost_usd: null },
    },
    stagnation: {
      iterations: [],
      detections: [{ detector: "negative_window", at_iteration: 11, detail: "window score -9" }],
    },
    permission_breaker: {
      transitions: [{ from: "CLOSED", to: "OPEN", at: at(100) }],
      final_state: "OPEN",
      denials: 3,
      grants: 0,
    },
    api_breaker: {
      transitions: [{ from: "CLOSED", to: "OPEN", at: at(200) }],
      final_state: "OPEN",
      counts: { success: 0, retryable: 6, backoff: 0, non_retryable: 0 },
      retries_of_non_retryable: 0,
      backoff_429: { max_streak: 0, early_retries: 0, after_give_up: 0 },
    },
  });
  const log = prepareBreakerLog(report, RUN_START, HOUR_MS);

  test("lists every breaker's entries oldest first", () => {
    expect(log.map((e) => [e.breaker, e.event, e.atMs])).toEqual([
      ["layer", "warning", 0],
      ["tool", "CLOSED→OPEN", 60_000],
      ["loop", "CLOSED→OPEN", 90_000],
      ["permission", "CLOSED→OPEN", 100_000],
      ["api", "CLOSED→OPEN", 200_000],
    ]);
  });

  test("breakers the harness logged itself join the log in time order, beside the replays", () => {
    const withHarness = prepareBreakerLog(report, RUN_START, HOUR_MS, [
      { at: at(95), state: "open", reason: "same_error", tool: null, detail: "3 identical errors" },
    ]);
    expect(withHarness.map((e) => e.breaker)).toEqual(["layer", "tool", "loop", "harness", "permission", "api"]);
    expect(withHarness[3]).toMatchObject({
      event: "OPEN",
      severity: "MEDIUM",
      detail: "same_error: 3 identical errors",
      atMs: 95_000,
    });
  });

  test("the loop's opening carries the detector and its detail, HIGH, with the halt action", () => {
    expect(log[2]).toMatchObject({ detail: "negative_window: window score -9", severity: "HIGH", iteration: 11 });
    expect(log[2]?.action).toMatch(/halt/);
  });

  test("a layer warning is LOW and says to watch; its detail names value, limit and task", () => {
    expect(log[0]).toMatchObject({ severity: "LOW", subject: "token", detail: "token 8500 / limit 10000 (task t-1)" });
  });

  test("the window pads an instant by 5 % of the run each side, never before the start", () => {
    const pad = viewPadMs(HOUR_MS); // 180 s
    expect(log[0]?.view).toEqual({ startMs: 0, endMs: pad });
    expect(log[4]?.view).toEqual({ startMs: 200_000 - pad, endMs: 200_000 + pad });
  });

  test("a tool breaker's window spans its whole OPEN time", () => {
    expect(log[1]?.view).toEqual({ startMs: 0, endMs: 120_000 + viewPadMs(HOUR_MS) });
  });

  test("a short run still gets at least 5 s either side", () => {
    expect(viewPadMs(10_000)).toBe(5_000);
  });

  test("timelineHref follows the timeline's view= contract", () => {
    expect(timelineHref({ view: { startMs: 10, endMs: 2000 } })).toBe("?tab=timeline&view=10-2000");
  });

  test("a HALF_OPEN by time has no event behind it: LOW, its detail names the cooldown that ran out", () => {
    // permission OPEN at 100 s ······ 400 s HALF_OPEN (5 min later, no event) · api OPEN at 200 s ·· 260 s HALF_OPEN
    const halfOpen = (from: number, to: number) => [
      { from: "CLOSED" as const, to: "OPEN" as const, at: at(from) },
      { from: "OPEN" as const, to: "HALF_OPEN" as const, at: at(to) },
    ];
    const byTime = prepareBreakerLog(
      makeReport({
        permission_breaker: { transitions: halfOpen(100, 400), final_state: "HALF_OPEN", denials: 3, grants: 0 },
        api_breaker: { ...makeReport().api_breaker, transitions: halfOpen(200, 260), final_state: "HALF_OPEN" },
      }),
      RUN_START,
      HOUR_MS,
    ).filter((e) => e.event === "OPEN→HALF_OPEN");
    expect(byTime.map((e) => [e.breaker, e.atMs, e.severity, e.detail])).toEqual([
      ["api", 260_000, "LOW", "cooldown over (60 s after opening; by time, no call needed)"],
      ["permission", 400_000, "LOW", "cooldown over (300 s after opening; by time, no event needed)"],
    ]);
  });

  test("a run without breaker activity has an empty log", () => {
    expect(prepareBreakerLog(makeReport(), RUN_START, 1000)).toEqual([]);
  });
});

const EXAMPLES = path.resolve(import.meta.dirname, "../../..", "examples");

describe("examples/stuck-loop.jsonl", () => {
  test("the log holds the loop halt at 11, 8 http_get openings, the permission and API transitions, in time order", async () => {
    const r = await analyzeRun(
      buildMemoryInput("r-stuck-loop", loadSample(path.join(EXAMPLES, "stuck-loop.jsonl"), "r-stuck-loop")),
      DEFAULT_SETTINGS,
    );
    const log = prepareBreakerLog(r, "2026-02-03T10:00:00Z", HOUR_MS);
    expect(log.find((e) => e.breaker === "loop")).toMatchObject({ event: "CLOSED→OPEN", iteration: 11 });
    expect(log.filter((e) => e.breaker === "tool" && e.subject === "http_get")).toHaveLength(8);
    expect(log.filter((e) => e.breaker === "permission").map((e) => e.event)).toEqual([
      "CLOSED→OPEN",
      "OPEN→HALF_OPEN",
    ]);
    expect(log.filter((e) => e.breaker === "api").length).toBe(r.api_breaker.transitions.length);
    expect(log.map((e) => e.atMs)).toEqual([...log.map((e) => e.atMs)].sort((a, b) => a - b));
  });
});
