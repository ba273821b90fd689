// The Gemini CLI examples (examples/README.md): a session stuck on one failing
// `npm test` and a healthy one — built by scripts/examples-gemini-cli.ts, read
// through the real import pipeline and analysed as the server does, with the
// interactive profile (lib/analysis/shape-profiles.ts): only same_error,
// repeated_call and permission_denials watch a session.
import { describe, expect, test } from "vitest";
import type { StoredIteration, StoredRecord, StoredRun } from "@/lib/schemas/records";
import { buildGeminiCliExamples } from "@/scripts/examples-gemini-cli";
import { analyzeImported, importFixture } from "@/tests/support/import";

const EXAMPLES = buildGeminiCliExamples();
const iterationsOf = (records: StoredRecord[]) =>
  records.filter((r): r is StoredIteration => r.type === "iteration").sort((a, b) => a.n - b.n);
const imported = (file: string, runId: string) => importFixture(null, EXAMPLES[file]!, { runId });

describe("gemini-cli/stuck-session.json", () => {
  const RUN = "example-gemini-cli";

  test("is read as a Gemini CLI session: five turns, each the same failing npm test and no edit", async () => {
    const r = await imported("gemini-cli/stuck-session.json", RUN);
    expect([r.format, r.errors, r.skipped]).toEqual(["gemini-cli", [], 0]);
    expect(r.records.find((x): x is StoredRun => x.type === "run")?.shape).toBe("interactive");
    const its = iterationsOf(r.records);
    expect(its.map((it) => it.n)).toEqual([1, 2, 3, 4, 5]);
    for (const it of its) {
      expect(it.filesModified).toEqual([]);
      expect(it.errors).toEqual(["AssertionError: expected 1090 to be 1000"]);
      expect(it.apiCalls).toBe(2);
    }
  });

  test("same_error holds at turn 3: the verdict, halting at 3 and saving 2 turns; repeated_call at 5", async () => {
    const report = await analyzeImported((await imported("gemini-cli/stuck-session.json", RUN)).records, RUN);
    expect(report.stagnation.detections.map((d) => [d.detector, d.at_iteration])).toEqual([
      ["same_error", 3],
      ["repeated_call", 5],
    ]);
    expect(report.verdict).toMatchObject({ tripped: true, breaker: "loop_breaker" });
    expect(report.loop_breaker.would_have_halted_at).toMatchObject({ iteration: 3, reason: "same_error" });
    expect(report.loop_breaker.would_have_halted_at?.iteration).toBeLessThanOrEqual(3);
    expect(report.loop_breaker.savings).toMatchObject({ iterations: 2, tokens: 33_760 });
    expect(report.repeated_calls.map((c) => [c.tool, c.calls])).toEqual([["run_shell_command", 5]]);
    expect(report.tool_breakers.map((b) => [b.tool, b.opened.length, b.blocked_calls])).toEqual([
      ["run_shell_command", 1, 1],
    ]);
    const shell = report.tools.find((t) => t.tool === "run_shell_command");
    expect([shell?.calls, shell?.failures]).toEqual([5, 5]);
    // The price catalog prices gemini-2.5-pro: the model calls are costed from their tokens.
    expect(report.tools.find((t) => t.tool === "gemini-2.5-pro")?.cost_usd).toBeCloseTo(0.115175, 6);
  });

  test("building it again gives the same text", () => {
    expect(buildGeminiCliExamples()).toEqual(EXAMPLES);
  });
});

describe("gemini-cli/healthy-session.json", () => {
  const RUN = "example-gemini-cli-healthy";

  test("two turns, each with its edit and a passing test run", async () => {
    const r = await imported("gemini-cli/healthy-session.json", RUN);
    expect(r.errors).toEqual([]);
    const its = iterationsOf(r.records);
    expect(its.map((it) => [it.n, it.filesModified, it.linesAdded, it.linesRemoved, it.errors])).toEqual([
      [1, ["/home/dev/shop/src/cart.ts"], 2, 1, []],
      [2, ["/home/dev/shop/src/cart-zero.test.ts"], 5, 0, []],
    ]);
  });

  test("nothing fires: no stagnation, no verdict, and the loop breaker stays CLOSED", async () => {
    const report = await analyzeImported((await imported("gemini-cli/healthy-session.json", RUN)).records, RUN);
    expect(report.verdict.tripped).toBe(false);
    expect(report.stagnation.detections).toEqual([]);
    expect(report.loop_breaker.final_state).toBe("CLOSED");
    expect(report.loop_breaker.would_have_halted_at).toBeUndefined();
  });
});
