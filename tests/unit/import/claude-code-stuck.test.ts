// docs/import.md#claude-code: a session stuck on one failing test, end to end
// through the analysis — what a post-mortem of a real transcript must show.
//
//   stuck-pytest.jsonl (ledger): 12 turns, 3 minutes apart, each
//   prompt · Bash `pytest tests/test_x.py` ✗ (the same AssertionError) · "still fails" — no edits, no todo list
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { claudeCodeImporter } from "@/lib/import/claude-code";
import type { StoredIteration } from "@/lib/schemas/records";
import { analyzeImported, importFixture } from "@/tests/support/import";

const FILE = path.resolve(import.meta.dirname, "../../fixtures/import/claude-code/stuck-pytest.jsonl");
const RUN = "cc-3e8a1f52-6c0d-4b7e-a9d4-81c2f5e0b6a3";
const ERROR = "E       AssertionError: assert Decimal('2.67') == Decimal('2.68')";

describe("a session stuck on one failing test", async () => {
  const { records, errors } = await importFixture(claudeCodeImporter, readFileSync(FILE, "utf8"));
  const its = records.filter((r): r is StoredIteration => r.type === "iteration").sort((a, b) => a.n - b.n);
  const report = await analyzeImported(records, RUN);

  test("every turn is an iteration with no files modified and the failure's assertion line as its error", () => {
    expect(errors).toEqual([]);
    expect(its.map((it) => it.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    for (const it of its) {
      // past pytest's `Exit code 1` header and banner: the first line that names an error
      expect([it.filesModified, it.errors, it.newlyPassing, it.apiCalls]).toEqual([[], [ERROR], 0, 2]);
    }
  });

  test("same_error holds at turn 3: the verdict, halting at 3 and saving 9 turns; repeated_call at 5", () => {
    // An interactive session is read with its profile: editing nothing is no stall, the same error is.
    expect(report.stagnation.detections.map((d) => [d.detector, d.at_iteration])).toEqual([
      ["same_error", 3],
      ["repeated_call", 5],
    ]);
    expect(report.verdict).toMatchObject({ tripped: true, breaker: "loop_breaker" });
    expect(report.loop_breaker.would_have_halted_at).toMatchObject({
      iteration: 3,
      at: "2025-11-03T09:06:12.000000Z",
      reason: "same_error",
    });
    expect(report.loop_breaker.would_have_halted_at?.iteration).toBeLessThanOrEqual(3);
    // 30 minutes of cooldown from turn 3 (09:06:12): turns 4–12 (up to 09:33:12) would not have run
    expect(report.loop_breaker.savings).toMatchObject({ iterations: 9, tokens: 14_517 });
  });

  test("the Bash tool fails every time it is called", () => {
    expect(report.tools.find((t) => t.tool === "Bash")).toMatchObject({ calls: 12, failures: 12 });
  });
});
