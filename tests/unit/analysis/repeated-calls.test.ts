// lib/analysis/repeated-calls.ts and canonical-json.ts — docs/analysis.md#identical-calls.
// Calls are drawn as letters, one a second: `a` and `b` are two inputs of
// `search`, `-` another tool's call with its own input.
import { describe, expect, test } from "vitest";
import { analyzeRun } from "@/lib/analysis/analyze";
import { canonicalJson } from "@/lib/analysis/canonical-json";
import { buildMemoryInput } from "@/lib/analysis/memory-source";
import { startRepeatScan, type RepeatSettings } from "@/lib/analysis/repeated-calls";
import { DEFAULT_SETTINGS } from "@/lib/analysis/settings";
import { findBottlenecks, summariseTools } from "@/lib/analysis/tools";
import type { ToolCallInput } from "@/lib/analysis/types";
import { formatTimeUs } from "@/lib/time";
import { iso, makeSpan, us } from "./tool-side-factories";

const DEFAULTS: RepeatSettings = { repeat_calls: 5, repeat_window: 10 };
const INPUTS: Record<string, unknown> = { a: { q: "weather" }, b: { q: "news" } };

/** One call a second from `startS`: letters a/b are search calls, `-` a unique other call. */
function drawn(trace: string, startS = 0): ToolCallInput[] {
  return [...trace.replaceAll(" ", "")].map((c, i) => ({
    name: c === "-" ? "read_file" : "search",
    t0Us: us(startS + i),
    iteration: null,
    input: c === "-" ? { path: `f${startS + i}` } : INPUTS[c],
  }));
}

function scan(calls: ToolCallInput[], s = DEFAULTS, iterations: { n: number; tsUs: number }[] = []) {
  const replay = startRepeatScan(iterations, us(0), s);
  for (const c of calls) replay.step(c);
  return replay.finish();
}

describe("the canonical key", () => {
  test("ignores object key order and whitespace, keeps array order", () => {
    const one = JSON.parse('{"b": 1, "a": {"d": [3, {"f": 1, "e": 2}], "c": null}}');
    const two = JSON.parse('{"a":{"c":null,"d":[3,{"e":2,"f":1}]},"b":1}');
    expect(canonicalJson(one)).toBe('{"a":{"c":null,"d":[3,{"e":2,"f":1}]},"b":1}');
    expect(canonicalJson(two)).toBe(canonicalJson(one));
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });

  test("calls whose inputs differ only in key order and spacing are one key", () => {
    const calls = [0, 1, 2, 3, 4].map((i) => ({
      name: "sql",
      t0Us: us(i),
      iteration: null,
      input: JSON.parse(i % 2 ? '{"db": "x", "q": "SELECT 1"}' : '{"q":"SELECT 1","db":"x"}'),
    }));
    expect(scan(calls).repeated).toEqual([
      { tool: "sql", input: '{"db":"x","q":"SELECT 1"}', calls: 5, first_at: iso(4) },
    ]);
  });

  test("the same input to two tools is two keys", () => {
    const calls = [0, 1, 2, 3, 4].map((i) => ({ name: i % 2 ? "x" : "y", t0Us: us(i), iteration: null, input: 1 }));
    expect(scan(calls).repeated).toEqual([]);
  });

  test("deep nesting is no problem: the key is built without recursion", () => {
    let deep: unknown = 0;
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(canonicalJson(deep)).toHaveLength(40_001);
  });
});

describe("a key repeats at repeat_calls among repeat_window calls", () => {
  test.each([
    ["5 in a window of 10 repeats", "a-a-a-a-a", 1],
    ["5 within exactly 10 calls repeats", "a---a-aa-a", 1],
    ["4 does not", "a-a-a-a--", 0],
    ["5 spread over 11 calls does not", "a---a-a-a--a", 0],
  ])("%s", (_name, trace, entries) => {
    expect(scan(drawn(trace)).repeated).toHaveLength(entries);
  });

  test("first_at is the call where it first repeated; calls counts every call with the key in the run", () => {
    // a a a a a(first repeat, 4 s) a ----------- a   → 7 calls
    const calls = drawn("aaaaaa----------a");
    expect(scan(calls).repeated).toEqual([{ tool: "search", input: '{"q":"weather"}', calls: 7, first_at: iso(4) }]);
  });

  test("one entry per key, by first_at; the input is cut to 200 characters", () => {
    const long = { q: "x".repeat(500) };
    const calls = drawn("bbbbbaaaaa");
    for (const c of calls) if (c.input === INPUTS.a) c.input = long;
    const { repeated } = scan(calls);
    expect(repeated.map((r) => [r.input.length, r.first_at])).toEqual([
      [12, iso(4)], // {"q":"news"}
      [200, iso(9)],
    ]);
    expect(repeated[1]?.input).toBe(canonicalJson(long).slice(0, 200));
  });

  test("settings change the rule: 3 in a window of 4", () => {
    expect(scan(drawn("a-aa"), { repeat_calls: 3, repeat_window: 4 }).repeated).toHaveLength(1);
    expect(scan(drawn("a--aa"), { repeat_calls: 3, repeat_window: 4 }).repeated).toHaveLength(0);
  });

  test("the iteration is the span's, else the one whose time span holds the call", () => {
    const its = [
      { n: 1, tsUs: us(2) },
      { n: 2, tsUs: us(100) },
    ];
    expect(scan(drawn("aaaaa"), DEFAULTS, its).repeated[0]?.iteration).toBe(2);
    const tagged = drawn("aaaaa").map((c) => ({ ...c, iteration: 7 }));
    expect(scan(tagged, DEFAULTS, its).repeated[0]?.iteration).toBe(7);
    expect(scan(drawn("aaaaa")).repeated[0]).not.toHaveProperty("iteration");
  });
});

describe("from the run's spans", () => {
  test("the window counts only tool calls with an input: others neither count nor break it", () => {
    // search{a} ×5, with calls without input and llm calls with input between them
    const spans = [0, 1, 2, 3, 4].flatMap((i) => [
      makeSpan({ name: "search", at: i * 3, input: INPUTS.a }),
      makeSpan({ name: "read_file", at: i * 3 + 1 }),
      makeSpan({ name: "chat", kind: "llm", at: i * 3 + 2, input: { prompt: `p${i}` } }),
    ]);
    // 15 spans, but only 5 calls with input: the 5 searches are within 10 of them.
    return analyzeRun(buildMemoryInput("r", spans), DEFAULT_SETTINGS).then((report) => {
      expect(report.repeated_calls).toEqual([
        { tool: "search", input: '{"q":"weather"}', calls: 5, first_at: formatTimeUs(us(12)) },
      ]);
    });
  });

  test("a repeated tool is a bottleneck with reason repeated; bottlenecks stay by total_ms", () => {
    const spans = [
      ...[0, 1, 2, 3, 4].map((i) => makeSpan({ name: "search", at: i, ms: 10, input: INPUTS.a })),
      makeSpan({ name: "deploy", at: 10, ms: 90_000, error: "boom" }),
      makeSpan({ name: "deploy", at: 100, ms: 90_000, error: "boom" }),
    ];
    return analyzeRun(buildMemoryInput("r", spans), DEFAULT_SETTINGS).then((report) => {
      expect(report.bottlenecks.map((b) => [b.tool, b.reasons.map((r) => r.kind)])).toEqual([
        ["deploy", ["failing"]],
        ["search", ["repeated"]],
      ]);
      expect(report.bottlenecks[1]?.reasons[0]).toEqual({ kind: "repeated", calls: 5, input: '{"q":"weather"}' });
    });
  });

  test("with two repeated inputs, the reason names the one called most", () => {
    const rows = summariseTools([{ tool: "search", calls: 12, failures: 0, totalMs: 120, llm: false }]);
    const repeated = [
      { tool: "search", input: "a", calls: 5, first_at: iso(1) },
      { tool: "search", input: "b", calls: 7, first_at: iso(2) },
    ];
    expect(findBottlenecks(rows, DEFAULT_SETTINGS, repeated)[0]?.reasons).toContainEqual({
      kind: "repeated",
      calls: 7,
      input: "b",
    });
  });
});
