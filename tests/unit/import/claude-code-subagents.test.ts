// docs/import.md#claude-code: a subagent in its own file
// (<session>/subagents/agent-<id>.jsonl) nests under the Task call of the main
// session, whichever file is uploaded first — both name the call by its prompt.
//
//   8d2e6b14….jsonl                      prompt · Task (Explore) ………………………………… result · answer
//   8d2e6b14…/subagents/agent-a5e1f0c    (isSidechain, agentId)  prompt · Grep · Read · answer
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { subagentSpanId } from "@/lib/import/claude-code-spans";
import type { StoredIteration, StoredRecord, StoredRun, StoredSpan } from "@/lib/schemas/records";
import { importFixtures } from "@/tests/support/import";

const SESSION = "8d2e6b14-2f7a-4c1e-b3d9-0a6f5c7e9b12";
const DIR = path.resolve(import.meta.dirname, "../../fixtures/import/claude-code");
const MAIN = readFileSync(path.join(DIR, `${SESSION}.jsonl`), "utf8");
const AGENT = readFileSync(path.join(DIR, SESSION, "subagents", "agent-a5e1f0c.jsonl"), "utf8");
const PROMPT = "Survey how checkout computes shipping costs. Report the functions and files involved.";
const TASK_SPAN = subagentSpanId(SESSION, PROMPT, 1);

const spansOf = (rs: StoredRecord[]) => rs.filter((r): r is StoredSpan => r.type === "span");

describe.each([
  ["the subagent file first", [AGENT, MAIN]],
  ["the main file first", [MAIN, AGENT]],
])("a session and its subagent's file, %s", async (_, texts) => {
  const { records, errors, runs } = await importFixtures(
    null,
    texts.map((text) => ({ text })),
  );

  test("both join run cc-<sessionId>: the subagent's lines carry the parent's session id", () => {
    expect([errors, runs]).toEqual([[], [`cc-${SESSION}`]]);
  });

  test("the subagent's spans nest under the Task call, named by the prompt both files share", () => {
    const spans = spansOf(records);
    expect(spans.find((s) => s.name === "Task")).toMatchObject({ spanId: TASK_SPAN, parentId: null });
    const nested = spans.filter((s) => s.parentId === TASK_SPAN).sort((a, b) => a.t0Us - b.t0Us);
    expect(nested.map((s) => [s.kind, s.name, s.meta.agent_id])).toEqual([
      ["llm", "claude-haiku-4-5-20251001", "a5e1f0c"],
      ["tool", "Grep", "a5e1f0c"],
      ["llm", "claude-haiku-4-5-20251001", "a5e1f0c"],
      ["tool", "Read", "a5e1f0c"],
      ["llm", "claude-haiku-4-5-20251001", "a5e1f0c"],
    ]);
  });

  test("the subagent's spans belong to the turn of the Task call that started them", () => {
    const spans = spansOf(records);
    const task = spans.find((s) => s.spanId === TASK_SPAN);
    expect(task?.iteration).toBe(1);
    const nested = spans.filter((s) => s.parentId === TASK_SPAN);
    expect(nested.map((s) => s.iteration)).toEqual([1, 1, 1, 1, 1]);
    expect(nested.every((s) => s.meta.iteration_from === "parent")).toBe(true);
  });

  test("the subagent's file adds no iteration and leaves the run's name and start alone", () => {
    const its = records.filter((r): r is StoredIteration => r.type === "iteration");
    expect(its.map((it) => [it.n, it.apiCalls])).toEqual([[1, 2]]); // the main file's calls only
    const named = records.filter((r): r is StoredRun => r.type === "run" && r.name !== null);
    expect(named.map((r) => [r.name, r.startedAtUs])).toEqual([
      ["Why is shipping charged twice for split orders?", Date.parse("2025-11-05T14:00:00Z") * 1000],
    ]);
    const agentRun = records.find((r): r is StoredRun => r.type === "run" && r.name === null);
    expect(agentRun).toMatchObject({ startedAtUs: null, labels: { repo: "shop", branch: "main", version: "2.0.31" } });
  });
});

test("a subagent's file alone: its spans wait, iteration null, for the session that started it", async () => {
  const { records } = await importFixtures(null, [{ text: AGENT }]);
  expect(spansOf(records).map((s) => s.iteration)).toEqual([null, null, null, null, null]);
});
