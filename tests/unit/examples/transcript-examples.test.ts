// The agent-transcript examples (examples/README.md): a Claude Code session
// stuck on one failing test, a Claude Code session of two prompts four hours
// apart (its conversation), and a loop script's folder of `claude -p`
// sessions that becomes one run — read through the real import pipeline and
// analysed as the server does, with the profile of the run's shape
// (lib/analysis/shape-profiles.ts): the session is interactive, the folder
// uploaded under one run id a loop.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { StoredEvent, StoredIteration, StoredSpan } from "@/lib/schemas/records";
import { DEFAULT_SETTINGS } from "@/lib/analysis/settings";
import { analyzeImported, importFixture, importFixtures, shapeOfImported } from "@/tests/support/import";

const EXAMPLES = path.resolve(import.meta.dirname, "../../..", "examples");
const read = (file: string) => readFileSync(path.join(EXAMPLES, file));
const iterationsOf = (records: { type: string }[]) =>
  (records.filter((r) => r.type === "iteration") as StoredIteration[]).sort((a, b) => a.n - b.n);

describe("claude-code/stuck-session.jsonl", () => {
  const imported = () => importFixture(null, read("claude-code/stuck-session.jsonl"), { runId: "example-claude-code" });

  test("is read as a Claude Code session: eight turns, the first with the edit, then the same failing test", async () => {
    const r = await imported();
    expect(r.format).toBe("claude-code");
    expect(r.errors).toEqual([]);
    const its = iterationsOf(r.records);
    expect(its.map((it) => it.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(its[0]?.filesModified).toEqual(["cart/total.py"]);
    for (const it of its.slice(1)) expect(it.filesModified).toEqual([]);
    const failure = "FAILED tests/test_cart.py::test_total_applies_discount - AssertionError: assert 1090 == 1000";
    for (const it of its) expect(it.errors).toEqual([failure]);
  });

  test("same_error holds at turn 3: the verdict, halting at 3 and saving 5 turns; repeated_call at 5", async () => {
    const report = await analyzeImported((await imported()).records, "example-claude-code");
    expect(report.stagnation.detections.map((d) => [d.detector, d.at_iteration])).toEqual([
      ["same_error", 3],
      ["repeated_call", 5],
    ]);
    expect(report.verdict).toMatchObject({ tripped: true, breaker: "loop_breaker" });
    expect(report.loop_breaker.would_have_halted_at).toMatchObject({ iteration: 3, reason: "same_error" });
    expect(report.loop_breaker.would_have_halted_at?.iteration).toBeLessThanOrEqual(3);
    expect(report.loop_breaker.savings).toMatchObject({ iterations: 5, tokens: 11_460 });
    // The model id has a default price: the session's calls are priced.
    expect(report.tools.find((t) => t.tool.startsWith("claude-sonnet-4-5"))?.cost_usd).toBeGreaterThan(0);
  });

  test("importing it again gives the same records", async () => {
    expect((await imported()).records).toEqual((await imported()).records);
  });
});

describe("claude-code-conversation/session.jsonl", () => {
  // 09:30 prompt · one response: thinking, text, Edit src/cart/price.ts, Bash npm run build (background)
  //       · <task-notification> (no turn) · compact_boundary auto 168 000 · reply
  // 4 hours idle · 13:31 prompt · reply
  const imported = () =>
    importFixture(null, read("claude-code-conversation/session.jsonl"), { runId: "example-claude-code-conversation" });
  const HOUR_US = 3_600_000_000;

  test("two real prompts are two iterations, each with its prompt; the task notification opens none", async () => {
    const r = await imported();
    expect([r.format, r.errors, r.skipped]).toEqual(["claude-code", [], 0]);
    const its = iterationsOf(r.records);
    expect(its.map((it) => [it.n, it.attrs.prompt, it.filesModified, it.linesAdded, it.linesRemoved])).toEqual([
      [1, "Cart prices show 10.5 instead of 10.50.\nFormat them with two decimals.", ["src/cart/price.ts"], 1, 1],
      [2, "Also show the currency: €10.50.", [], 0, 0],
    ]);
    // four idle hours between the first turn's last line and the second prompt
    expect(Date.parse(its[1]?.attrs.started_at as string) * 1000 - (its[0]?.tsUs ?? 0)).toBe(4 * HOUR_US);
  });

  test("each model call keeps its text; the first its thinking's length; the Edit its strings", async () => {
    const spans = (await imported()).records.filter((r): r is StoredSpan => r.type === "span");
    const llm = spans.filter((s) => s.kind === "llm").sort((a, b) => a.t0Us - b.t0Us);
    expect(llm.map((s) => [s.iteration, s.output, s.meta.thinking_chars])).toEqual([
      [1, "formatPrice prints the number as it is; toFixed(2) keeps two decimals.", 40],
      [1, "The build passed.", undefined],
      [2, "formatPrice now starts with the currency sign: €10.50.", undefined],
    ]);
    const tools = spans.filter((s) => s.kind === "tool");
    expect(tools.map((s) => [s.name, s.ok])).toEqual([
      ["Edit", true],
      ["Bash", true],
    ]);
    expect(tools[0]?.input).toMatchObject({ old_string: "  return `${cents / 100}`;", new_string: expect.any(String) });
  });

  test("the auto-compaction is one compaction event, 168 000 tokens before it: 84 % of the window", async () => {
    const events = (await imported()).records.filter((r): r is StoredEvent => r.type === "event");
    expect(events.filter((e) => e.kind === "compaction").map((e) => e.detail)).toEqual(["auto, 168000 tokens before"]);
  });

  test("nothing fires, no verdict", async () => {
    const report = await analyzeImported((await imported()).records, "example-claude-code-conversation");
    expect(report.stagnation.detections).toEqual([]);
    expect(report.verdict.tripped).toBe(false);
  });
});

describe("loop-script/ (one claude -p session per iteration)", () => {
  const files = [1, 2, 3, 4].map((n) => ({
    text: read(`loop-script/session-${n}.jsonl`),
    ctx: { runId: "example-loop-script" },
  }));

  test("uploaded under one run id, the four sessions are one run of four iterations, whatever the upload order", async () => {
    for (const order of [files, [...files].reverse()]) {
      const r = await importFixtures(null, order);
      expect(r.runs).toEqual(["example-loop-script"]);
      const its = iterationsOf(r.records);
      expect(its.map((it) => [it.n, it.filesModified, it.newlyPassing, it.tasksCompleted])).toEqual([
        [1, ["src/cart-1.ts"], 1, 1],
        [2, ["src/cart-2.ts"], 0, 1],
        [3, ["src/cart-3.ts"], 1, 1],
        [4, ["src/cart-4.ts"], 0, 1],
      ]);
    }
  });

  test("is a healthy loop: no verdict, and the loop breaker stays CLOSED", async () => {
    const r = await importFixtures(null, files);
    const report = await analyzeImported(r.records, "example-loop-script");
    expect(report.verdict.tripped).toBe(false);
    expect(report.loop_breaker.final_state).toBe("CLOSED");
    expect(report.loop_breaker.would_have_halted_at).toBeUndefined();
  });
});

describe("loop-script-stuck/ (a loop script going round in circles)", () => {
  const files = [1, 2, 3, 4, 5].map((n) => ({
    text: read(`loop-script-stuck/session-${n}.jsonl`),
    ctx: { runId: "example-loop-script-stuck" },
  }));

  test("uploaded under one run id, the five headless sessions are one loop of five attempts, none changing a file", async () => {
    const r = await importFixtures(null, files);
    expect(r.errors).toEqual([]);
    expect(shapeOfImported(r.records, "example-loop-script-stuck")).toBe("loop");
    const its = iterationsOf(r.records);
    expect(its.map((it) => [it.n, it.filesModified])).toEqual([1, 2, 3, 4, 5].map((n) => [n, []]));
  });

  test("read with the loop lens (the seed defaults), the loop breaker would have halted it at the third attempt", async () => {
    const r = await importFixtures(null, files);
    const report = await analyzeImported(r.records, "example-loop-script-stuck");
    expect(report.settings).toEqual(DEFAULT_SETTINGS);
    expect(report.loop_breaker.would_have_halted_at).toMatchObject({ iteration: 3, reason: "negative_window" });
    expect(report.verdict).toMatchObject({ tripped: true, breaker: "loop_breaker", would_save: { iterations: 2 } });
  });
});
