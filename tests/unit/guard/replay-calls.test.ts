// docs/guard.md#what-it-decides: the per-call rules replayed over a recorded run, each call judged before it runs.
import { expect, test } from "vitest";
import { DEFAULT_SETTINGS } from "@/lib/analysis/settings";
import { replayCallRules } from "@/lib/guard/replay-calls";
import { SpanRecord } from "@/lib/schemas/records";

const span = (t: number, command: string, ok = false) =>
  SpanRecord.parse({
    name: "Bash",
    t0: 1_790_000_000 + t * 10,
    t1: 1_790_000_000 + t * 10 + 1,
    ok,
    error: ok ? "" : "exit 1",
    input: { command },
    output: "same",
  });

test("the 6th identical failing call, out of order in the file, is the one refused; other tools' calls are not", () => {
  const records = [5, 0, 1, 2, 3, 4].map((t) => span(t, "pytest"));
  const r = replayCallRules([...records, span(6, "ls", true)], { ...DEFAULT_SETTINGS, guard_tool_breaker: false });
  expect(r.refusals.map((f) => f.breaker)).toEqual(["identical_calls"]);
  expect(r.trips.map((f) => f.breaker)).toEqual(["tool_breaker", "identical_calls"]);
});
