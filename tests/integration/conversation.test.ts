// The conversation tab's read (db/conversation.ts) on both database targets:
// a run made of JSONL lines — iterations whose extra fields `prompt` and
// `started_at` land in attrs, an agent container, llm spans with their text
// and thinking length, tool spans with input, output and error — comes back
// in time order with only the calls, the attrs read as the tab needs them,
// and the cap and its count of the rest.
import { describe, expect, test } from "vitest";
import { getConversation } from "@/db/conversation";
import { CONVERSATION_INPUT_MAX_BYTES, CONVERSATION_PROMPT_MAX_CHARS } from "@/lib/conversation/source";
import { parseTimeUs } from "@/lib/time";
import { openForSuite, targets } from "./support/databases";
import { ingestText } from "./support/ingest";

const RUN = "r-conversation";
const T0 = 1_772_442_000; // 2026-03-02T09:00:00Z
const LONG_PROMPT = "p".repeat(CONVERSATION_PROMPT_MAX_CHARS + 50);
const BIG_INPUT = { content: "x".repeat(CONVERSATION_INPUT_MAX_BYTES + 10) };

const LINES = [
  { type: "run", run_id: RUN, started_at: T0 },
  { type: "iteration", run_id: RUN, n: 2, ts: T0 + 20, prompt: LONG_PROMPT },
  { type: "iteration", run_id: RUN, n: 1, ts: T0 + 10, prompt: "Fix <b>it</b>", started_at: "2026-03-02T09:00:01Z" },
  { type: "iteration", run_id: RUN, n: 3, ts: T0 + 30, prompt: 42 },
  { type: "span", run_id: RUN, span_id: "it-1", name: "iteration", kind: "agent", t0: T0, t1: T0 + 10 },
  {
    type: "span",
    run_id: RUN,
    span_id: "m1",
    parent_id: "it-1",
    name: "claude",
    kind: "llm",
    t0: T0 + 2,
    t1: T0 + 3,
    iteration: 1,
    output: "I'll look.",
    meta: { thinking_chars: 812, model: "claude" },
  },
  {
    type: "span",
    run_id: RUN,
    span_id: "b1",
    name: "Bash",
    t0: T0 + 4,
    t1: T0 + 5.5,
    input: { command: "pytest" },
    output: "1 failed",
    error: "exit 1",
  },
  { type: "span", run_id: RUN, span_id: "w1", name: "Write", t0: T0 + 12, t1: T0 + 13, iteration: 2, input: BIG_INPUT },
  {
    type: "span",
    run_id: RUN,
    span_id: "m2",
    name: "claude",
    kind: "llm",
    t0: T0 + 14,
    t1: T0 + 15,
    meta: { thinking_chars: "lots" },
  },
]
  .map((r) => JSON.stringify(r))
  .join("\n");

describe.each(targets)("a run's conversation on $name", (target) => {
  const h = openForSuite(target, (handle) => ingestText(handle.db, LINES));

  test("the calls in time order, without the agent container, with what each said and did", async () => {
    const c = await getConversation(h.db, RUN);
    expect(c?.startUs).toBe(T0 * 1e6);
    expect(c?.spans.map((s) => [s.spanId, s.kind, s.iteration])).toEqual([
      ["m1", "llm", 1],
      ["b1", "tool", null],
      ["w1", "tool", 2],
      ["m2", "llm", null],
    ]);
    expect(c?.spans[0]).toMatchObject({ parentId: "it-1", output: "I'll look.", thinkingChars: 812, input: null });
    expect(c?.spans[1]).toMatchObject({
      name: "Bash",
      t0Us: (T0 + 4) * 1e6,
      t1Us: (T0 + 5.5) * 1e6,
      ok: false,
      error: "exit 1",
      input: { command: "pytest" },
      inputTooLarge: false,
      output: "1 failed",
      thinkingChars: null,
    });
    expect(c?.moreSpans).toBe(0);
  });

  test("an input over the cap is not read, and says so; a thinking length that is no number is none", async () => {
    const c = await getConversation(h.db, RUN);
    expect(c?.spans[2]).toMatchObject({ spanId: "w1", input: null, inputTooLarge: true });
    expect(c?.spans[3]?.thinkingChars).toBeNull();
  });

  test("iterations by n, with their prompt (cut at the cap; a prompt that is no string is none) and start", async () => {
    const c = await getConversation(h.db, RUN);
    expect(c?.iterations).toEqual([
      { n: 1, tsUs: (T0 + 10) * 1e6, startedAtUs: parseTimeUs("2026-03-02T09:00:01Z"), prompt: "Fix <b>it</b>" },
      { n: 2, tsUs: (T0 + 20) * 1e6, startedAtUs: null, prompt: LONG_PROMPT.slice(0, CONVERSATION_PROMPT_MAX_CHARS) },
      { n: 3, tsUs: (T0 + 30) * 1e6, startedAtUs: null, prompt: null },
    ]);
  });

  test("past the limit, the first calls and the count of the rest", async () => {
    const c = await getConversation(h.db, RUN, 2);
    expect(c?.spans.map((s) => s.spanId)).toEqual(["m1", "b1"]);
    expect(c?.moreSpans).toBe(2);
  });

  test("an unknown run, or an id no run can have, has no conversation", async () => {
    expect(await getConversation(h.db, "nope")).toBeNull();
    expect(await getConversation(h.db, "bad\u0000id")).toBeNull();
  });
});
