// lib/charts/bottlenecks: a tool that is slow, failing or repeated is an
// alarm; a tool that is only overcalled is shown but not counted.
import { describe, expect, test } from "vitest";
import type { Bottleneck, BottleneckReason } from "@/lib/analysis/tools";
import { countBottlenecks, formatBottleneckCount, isAlarmingBottleneck } from "@/lib/charts/bottlenecks";
import { prepareToolTotals } from "@/lib/charts/tool-table";
import { verdictOf } from "@/app/_server/analysis";
import { makeReport, makeToolRow } from "@/tests/support/analysis-report";

const slow: BottleneckReason = { kind: "slow", avg_ms: 900, threshold_ms: 150 };
const failing: BottleneckReason = { kind: "failing", fail_rate: 1, calls: 4 };
const overcalled: BottleneckReason = { kind: "overcalled", calls: 40 };
const repeated: BottleneckReason = { kind: "repeated", calls: 6, input: '{"q":"x"}' };
const bottleneck = (tool: string, ...reasons: BottleneckReason[]): Bottleneck => ({ tool, reasons, total_ms: 1 });

describe("isAlarmingBottleneck", () => {
  test.each([
    ["slow", [slow], true],
    ["failing", [failing], true],
    ["repeated", [repeated], true],
    ["overcalled only", [overcalled], false],
    ["overcalled and slow", [overcalled, slow], true],
    ["overcalled and repeated", [overcalled, repeated], true],
  ] as const)("%s → %s", (_name, reasons, alarming) => {
    expect(isAlarmingBottleneck({ reasons })).toBe(alarming);
  });
});

describe("countBottlenecks", () => {
  test("counts the alarming tools apart from the only-overcalled ones", () => {
    const list = [bottleneck("a", slow), bottleneck("b", overcalled), bottleneck("c", overcalled, failing)];
    expect(countBottlenecks(list)).toEqual({ alarmed: 2, overcalledOnly: 1 });
  });

  test("tool rows without a reason are not bottlenecks at all", () => {
    expect(countBottlenecks([{ reasons: [] }, { reasons: [{ kind: "overcalled" }] }])).toEqual({
      alarmed: 0,
      overcalledOnly: 1,
    });
  });
});

test("the chart highlights only alarming tools", () => {
  const report = makeReport({
    tools: [makeToolRow("search", 40, 0, 100), makeToolRow("http_get", 4, 4, 50)],
    bottlenecks: [bottleneck("search", overcalled), bottleneck("http_get", failing)],
  });
  expect(prepareToolTotals(report).map((b) => [b.tool, b.bottleneck])).toEqual([
    ["search", false],
    ["http_get", true],
  ]);
});

test.each([
  [0, "0 bottlenecks"],
  [1, "1 bottleneck"],
  [7, "7 bottlenecks"],
])("formatBottleneckCount(%i) is %s", (n, text) => {
  expect(formatBottleneckCount(n)).toBe(text);
});

test("the runs list's bottleneck badge (verdictOf) counts only the alarming tools", () => {
  const report = makeReport({
    bottlenecks: [
      bottleneck("search", overcalled),
      bottleneck("read_file", overcalled),
      bottleneck("http_get", failing, overcalled),
      bottleneck("run_tests", slow),
    ],
  });
  expect(verdictOf(report).bottlenecks).toBe(2);
});
