// lib/search/run-texts.ts: which records give the runs list's search a text,
// keyed so that a re-upload names the same row, cut at the cap.
import { describe, expect, test } from "vitest";
import { IterationRecord, SpanRecord, type StoredIteration, type StoredSpan } from "@/lib/schemas/records";
import { indexableText, promptRef, RUN_TEXT_MAX_CHARS, runTextsOf } from "@/lib/search/run-texts";
import { HEADLINE_START, HEADLINE_STOP } from "@/lib/search/snippet";

const span = (spanId: string, fields: Record<string, unknown>): StoredSpan => ({
  ...SpanRecord.parse({ type: "span", name: "x", t0: 1, t1: 2, ...fields }),
  runId: "r",
  spanId,
});
const iteration = (n: number, fields: Record<string, unknown>): StoredIteration => ({
  ...IterationRecord.parse({ type: "iteration", n, ts: n, ...fields }),
  runId: "r",
});

describe("runTextsOf", () => {
  test("a prompt, an assistant reply and a tool call's argument strings are texts; keyed by turn or span", () => {
    const texts = runTextsOf(
      [
        span("m1", { kind: "llm", output: "I'll refactor the parser.", iteration: 1 }),
        span("b1", { kind: "tool", name: "Bash", input: { command: "pytest -k flaky", timeout: 30 }, iteration: 1 }),
      ],
      [iteration(1, { prompt: "Fix the flaky test" })],
    );
    expect(texts).toEqual([
      { runId: "r", kind: "prompt", ref: "n:1", text: "Fix the flaky test" },
      { runId: "r", kind: "reply", ref: "m1", text: "I'll refactor the parser." },
      { runId: "r", kind: "tool_input", ref: "b1", text: "pytest -k flaky\n30" },
    ]);
  });

  test("an importer's turn is named by its source_key, which its renumbering at placement does not change", () => {
    const turn = iteration(2_057_111_476, { prompt: "Fix it", source_key: "session-a#3" });
    expect(runTextsOf([], [turn]).map((t) => t.ref)).toEqual(["key:session-a#3"]);
    expect(promptRef({ n: 7, attrs: { source_key: 42 } })).toBe("n:7");
  });

  test("records without text give nothing: bare spans, a tool result, an agent's output, a prompt that is no string", () => {
    const texts = runTextsOf(
      [
        span("s1", { kind: "tool", name: "read_file", output: "file contents" }),
        span("a1", { kind: "agent", output: "done", input: { task: "x" } }),
        span("m1", { kind: "llm" }),
        span("m2", { kind: "llm", output: "   " }),
      ],
      [iteration(1, {}), iteration(2, { prompt: 42 })],
    );
    expect(texts).toEqual([]);
  });
});

describe("indexableText", () => {
  test("a text over the cap is cut at it, never inside a surrogate pair", () => {
    expect(indexableText("a".repeat(RUN_TEXT_MAX_CHARS + 10))).toHaveLength(RUN_TEXT_MAX_CHARS);
    const emoji = `${"a".repeat(RUN_TEXT_MAX_CHARS - 1)}😀`;
    expect(indexableText(emoji)).toBe("a".repeat(RUN_TEXT_MAX_CHARS - 1));
  });

  test("the snippet's marker characters in a text become U+FFFD, so a highlight always comes from a match", () => {
    expect(indexableText(`a${HEADLINE_START}b${HEADLINE_STOP}c`)).toBe("a\uFFFDb\uFFFDc");
  });
});
