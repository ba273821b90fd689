// The Gemini CLI examples (examples/README.md): a session stuck on one failing
// `npm test` and a healthy one — built by scripts/examples-gemini-cli.ts, read
// through the real import pipeline and analysed with the default settings.
// What is pinned here is what the analysis finds on them today.
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

  test("is read as a Gemini CLI session: eight turns, each the same failing npm test and no edit", async () => {
    const r = await imported("gemini-cli/stuck-session.json", RUN);
    expect([r.format, r.errors, r.skipped]).toEqual(["gemini-cli", [], 0]);
    expect(r.records.find((x): x is StoredRun => x.type === "run")?.shape).toBe("interactive");
    const its = iterationsOf(r.records);
    expect(its.map((it) => it.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const it of its) {
      expect(it.filesModified).toEqual([]);
      expect(it.errors).toEqual(["AssertionError: expected 1090 to be 1000"]);
      expect(it.apiCalls).toBe(2);
    }
  });

  test("the analysis finds negative_window and no_progress at 3, same_error and repeated_call at 5, the tool breaker opens twice", async () => {
    const report = await analyzeImported((await imported("gemini-cli/stuck-session.json", RUN)).records, RUN);
    expect(report.stagnation.detections.map((d) => [d.detector, d.at_iteration])).toEqual([
      ["negative_window", 3],
      ["no_progress", 3],
      ["same_error", 5],
      ["repeated_call", 5],
    ]);
    expect(report.loop_breaker.would_have_halted_at).toMatchObject({ iteration: 3, reason: "negative_window" });
    expect(report.loop_breaker.savings.iterations).toBe(5);
    expect(report.repeated_calls.map((c) => [c.tool, c.calls])).toEqual([["run_shell_command", 8]]);
    expect(report.tool_breakers.map((b) => [b.tool, b.opened.length, b.blocked_calls])).toEqual([
      ["run_shell_command", 2, 2],
    ]);
    const shell = report.tools.find((t) => t.tool === "run_shell_command");
    expect([shell?.calls, shell?.failures]).toEqual([8, 8]);
    // No default price for Gemini models: the calls' cost stays unknown.
    expect(report.tools.find((t) => t.tool === "gemini-2.5-pro")?.cost_usd).toBeNull();
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

  test("nothing fires: no stagnation, and the loop breaker stays CLOSED", async () => {
    const report = await analyzeImported((await imported("gemini-cli/healthy-session.json", RUN)).records, RUN);
    expect(report.stagnation.detections).toEqual([]);
    expect(report.loop_breaker.final_state).toBe("CLOSED");
    expect(report.loop_breaker.would_have_halted_at).toBeUndefined();
  });
});
