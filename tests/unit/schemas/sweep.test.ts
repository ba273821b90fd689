// lib/schemas/sweep.ts — the sweep query (docs/api.md#what-if-sweep): one
// setting a sweep can vary, at most 20 values, each checked by that setting's
// own rule; a bad one is named.
import { describe, expect, test } from "vitest";
import { MAX_SWEEP_VALUES, SweepQuery } from "@/lib/schemas/sweep";
import { describeIssues } from "@/lib/schemas/errors";

/** The query's value, or its issue lines. */
function parse(query: Record<string, string>) {
  const r = SweepQuery.safeParse(query);
  return r.success ? r.data : describeIssues(r.error.issues, { noun: "query parameter" }).map((i) => i.message);
}

describe("SweepQuery", () => {
  test.each([
    ["numbers coerced", { setting: "repeat_calls", values: "3, 5,8" }, [3, 5, 8]],
    ["an enum", { setting: "context_preset", values: "aggressive,relaxed" }, ["aggressive", "relaxed"]],
    ["a ratio", { setting: "fail_rate", values: "0.25,1" }, [0.25, 1]],
  ])("%s", (_case, query, values) => {
    expect(parse(query)).toEqual({ setting: query.setting, values });
  });

  test("an unknown setting is a 400 line naming it", () => {
    expect(parse({ setting: "loop_threshold", values: "1" })).toEqual([
      expect.stringMatching(/^setting "loop_threshold" is unknown: one of slow_ratio, fail_rate, /),
    ]);
  });

  test("a map setting cannot be swept", () => {
    expect(parse({ setting: "timeouts", values: "1" })).toEqual([
      expect.stringMatching(/^setting "timeouts" is a map and cannot be swept/),
    ]);
  });

  test("each value invalid for the setting is named with its position and rule", () => {
    expect(parse({ setting: "fail_max", values: "3,abc,2.5,,0" })).toEqual([
      'values[1] "abc" is not a valid fail_max: must be a number',
      'values[2] "2.5" is not a valid fail_max: must be an integer',
      expect.stringMatching(/^values\[3\] "" is not a valid fail_max: /),
      expect.stringMatching(/^values\[4\] "0" is not a valid fail_max: must be /),
    ]);
    expect(parse({ setting: "context_preset", values: "default,wild" })).toEqual([
      'values[1] "wild" is not a valid context_preset: must be one of "aggressive", "default", "relaxed"',
    ]);
  });

  test(`at most ${MAX_SWEEP_VALUES} values`, () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(",");
    expect(parse({ setting: "cooldown_min", values: values(MAX_SWEEP_VALUES) })).toMatchObject({
      values: expect.any(Array),
    });
    expect(parse({ setting: "cooldown_min", values: values(21) })).toEqual(["values has 21 values: at most 20"]);
  });

  test("another query parameter, or none of the two, is refused", () => {
    expect(parse({ setting: "fail_max", values: "1", fail_max: "2" })).toEqual(['unknown query parameter "fail_max"']);
    const missing = SweepQuery.safeParse({ setting: "fail_max" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(["values"]);
  });
});
