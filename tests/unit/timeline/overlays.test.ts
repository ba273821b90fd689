// Overlays (lib/timeline/overlays.ts), span status and URL state.
import { describe, expect, test } from "vitest";
import {
  breakerStatesAt,
  breakerWindows,
  eventMarkers,
  iterationBands,
  type BreakerInputs,
} from "@/lib/timeline/overlays";
import { shortCircuitTable, spanStatus } from "@/lib/timeline/status";
import { parseViewParam, withTimelineParams } from "@/lib/timeline/url-state";
import { makeStore } from "./factories";

const START_US = Date.parse("2025-11-30T10:00:00Z") * 1000;
const at = (s: number) => new Date(Date.parse("2025-11-30T10:00:00Z") + s * 1000).toISOString();
const NONE: BreakerInputs = { tool_breakers: [], loop: [], permission: [], api: [] };

describe("iteration bands", () => {
  test("iteration i runs from i−1's ts to its own, the first from the run start, alternating", () => {
    expect(
      iterationBands([
        { n: 2, ts_ms: 300 },
        { n: 1, ts_ms: 100 },
      ]),
    ).toEqual([
      { n: 1, startMs: 0, endMs: 100, odd: false },
      { n: 2, startMs: 100, endMs: 300, odd: true },
    ]);
  });
});

describe("breaker windows", () => {
  test("a tool breaker's openings become windows from at to until", () => {
    const w = breakerWindows(
      { ...NONE, tool_breakers: [{ tool: "http_get", opened: [{ at: at(1), until: at(61) }] }] },
      START_US,
      1e6,
    );
    expect(w).toEqual([
      { source: "tool", tool: "http_get", startMs: 1000, endMs: 61000, label: "http_get breaker OPEN" },
    ]);
  });

  test("the loop breaker is OPEN from OPEN until HALF_OPEN, and again to the run's end after a failed probe", () => {
    const loop = [
      { from: "CLOSED", to: "OPEN", at: at(10) },
      { from: "OPEN", to: "HALF_OPEN", at: at(20) },
      { from: "HALF_OPEN", to: "OPEN", at: at(20) },
    ];
    expect(breakerWindows({ ...NONE, loop }, START_US, 50_000).map((w) => [w.startMs, w.endMs])).toEqual([
      [10_000, 20_000],
      [20_000, 50_000],
    ]);
  });

  test("microseconds in the report's times survive into the window", () => {
    const w = breakerWindows(
      {
        ...NONE,
        api: [
          { from: "CLOSED", to: "OPEN", at: "2025-11-30T10:00:00.000250Z" },
          { from: "OPEN", to: "CLOSED", at: at(1) },
        ],
      },
      START_US,
      0,
    );
    expect(w[0]?.startMs).toBeCloseTo(0.25, 9);
  });

  test("a span's tool breaker state at its t0: OPEN inside an opening, CLOSED outside, NONE for tools that never opened", () => {
    const inputs = {
      ...NONE,
      tool_breakers: [{ tool: "http_get", opened: [{ at: at(1), until: at(61) }] }],
      permission: [{ from: "CLOSED", to: "OPEN", at: at(5) }],
    };
    expect(breakerStatesAt(inputs, START_US, "http_get", 6000)).toMatchObject({
      tool: "OPEN",
      permission: "OPEN",
      loop: "CLOSED",
    });
    expect(breakerStatesAt(inputs, START_US, "http_get", 61_000).tool).toBe("CLOSED");
    expect(breakerStatesAt(inputs, START_US, "search", 2000).tool).toBe("NONE");
  });
});

describe("event markers and span status", () => {
  test("events sort by time and fall into their category", () => {
    const m = eventMarkers([
      { ts_ms: 5, kind: "api_error", tool: null, detail: null, status: 500 },
      { ts_ms: 1, kind: "permission_denied", tool: "Bash", detail: "rm", status: null },
      { ts_ms: 3, kind: "custom_thing", tool: null, detail: null, status: null },
    ]);
    expect(m.map((e) => e.category)).toEqual(["permission", "other", "api"]);
  });

  test("a harness short-circuit is told apart from a real failure", () => {
    const s = makeStore([{ id: "a", error: "连接失败" }, { id: "b", error: "熔断中" }, { id: "c" }]);
    const sc = shortCircuitTable(s.errors);
    expect([0, 1, 2].map((i) => spanStatus(s, i, sc))).toEqual(["failed", "short_circuit", "ok"]);
  });
});

describe("URL state", () => {
  test("view parses ms with decimals and rejects empty or inverted windows", () => {
    expect(parseViewParam("12.5-3000")).toEqual({ startMs: 12.5, endMs: 3000 });
    expect(parseViewParam("30-30")).toBeNull();
    expect(parseViewParam("abc")).toBeNull();
  });

  test("writing view and span keeps the tab parameter", () => {
    expect(withTimelineParams("?tab=timeline", { startMs: 1.23456, endMs: 20 }, "s-1")).toBe(
      "?tab=timeline&view=1.235-20&span=s-1",
    );
    expect(withTimelineParams("?tab=timeline&span=x", null, null)).toBe("?tab=timeline");
  });
});
