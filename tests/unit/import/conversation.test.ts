// docs/import.md#the-conversation: what each agent importer keeps of the
// conversation — each turn's prompt on its iteration (`prompt`, at most
// PROMPT_MAX_CHARS, kept verbatim: lines and markup), the visible text of each
// model call on its llm span (`output`, capped as every span output is) and
// the length of its thinking (`meta.thinking_chars`; the thinking itself is
// never stored). Small inline sessions, one per format.
import { describe, expect, test } from "vitest";
import { claudeCodeImporter } from "@/lib/import/claude-code";
import { codexImporter } from "@/lib/import/codex";
import { geminiCliImporter } from "@/lib/import/gemini-cli";
import { miniSweAgentImporter } from "@/lib/import/mini-swe-agent";
import { openAiChatImporter } from "@/lib/import/openai-chat";
import { sweAgentImporter } from "@/lib/import/swe-agent";
import { PROMPT_MAX_CHARS, promptTextOf } from "@/lib/import/transcript/conversation";
import { SPAN_OUTPUT_MAX_CHARS, type StoredIteration, type StoredRecord, type StoredSpan } from "@/lib/schemas/records";
import { importFixture } from "@/tests/support/import";

type Json = Record<string, unknown>;
const jsonl = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join("\n");
const llms = (rs: StoredRecord[]) =>
  rs.filter((r): r is StoredSpan => r.type === "span" && r.kind === "llm").sort((a, b) => a.t0Us - b.t0Us);
const prompts = (rs: StoredRecord[]) =>
  rs
    .filter((r): r is StoredIteration => r.type === "iteration")
    .sort((a, b) => a.n - b.n)
    .map((it) => it.attrs.prompt);
/** The reply of each llm span: its output and its thinking's length (undefined: none). */
const replies = (rs: StoredRecord[]) => llms(rs).map((s) => [s.output, s.meta.thinking_chars]);

const HTML_PROMPT = 'Why does <div class="cart">&amp; <script>alert(1)</script></div> render twice?\n\nSee cart.tsx.';
/** A prompt longer than the cap: 900 words of five characters. */
const LONG_PROMPT = Array.from({ length: 900 }, (_, i) => `w${String(i).padStart(3, "0")}`).join(" ");
const LONG_TEXT = "x".repeat(SPAN_OUTPUT_MAX_CHARS + 500);

describe("promptTextOf", () => {
  test.each([
    ["a short prompt stays as written, its lines and markup kept", "<i>x</i>\n\ny ", "<i>x</i>\n\ny "],
    ["a prompt of only whitespace is none", " \n\t", null],
    ["a long prompt is cut after its last whole word, with an ellipsis", "alpha beta gamma delta", "alpha beta…"],
    ["a long word with no space early enough is cut inside it", "alpha-beta-gamma-delta", "alpha-beta-…"],
    ["never between the halves of a surrogate pair", "abcdefghij😀xyz", "abcdefghij…"],
    ["a NUL, which the database cannot hold, is spelled out", "a\u0000b", "a\\u0000b"],
  ])("%s", (_, text, expected) => {
    expect(promptTextOf(text, 12)).toBe(expected);
  });

  test(`the cap is ${PROMPT_MAX_CHARS} characters, the ellipsis counted`, () => {
    const cut = promptTextOf(LONG_PROMPT);
    expect(cut?.length).toBeLessThanOrEqual(PROMPT_MAX_CHARS);
    expect(cut).toMatch(/ w\d{3}…$/);
    expect(LONG_PROMPT.startsWith(cut!.slice(0, -1))).toBe(true);
  });
});

describe("Claude Code", async () => {
  // prompt (HTML) · msg_1: thinking, text, Read · result · msg_2: two text lines
  // · task notification · compact_boundary · prompt (long) · msg_3: redacted thinking, a long text
  const SESSION = "9a8b7c6d-0000-4000-8000-00000000c0de";
  let n = 0;
  const line = (s: number, body: Json) => ({
    sessionId: SESSION,
    cwd: "/home/dev/shop",
    uuid: `u-${++n}`,
    timestamp: new Date(Date.UTC(2026, 0, 5, 9, 0, s)).toISOString(),
    ...body,
  });
  const user = (s: number, content: unknown) => line(s, { type: "user", message: { role: "user", content } });
  const assistant = (s: number, id: string, block: Json) =>
    line(s, {
      type: "assistant",
      message: { id, role: "assistant", model: "claude-sonnet-4-5", content: [block], usage: { output_tokens: 9 } },
    });
  const TEXT = jsonl([
    user(0, HTML_PROMPT),
    assistant(2, "msg_1", { type: "thinking", thinking: "The cart renders in a loop.", signature: "c2ln" }),
    assistant(3, "msg_1", { type: "text", text: "Let me read <b>cart.tsx</b>." }),
    assistant(3, "msg_1", { type: "tool_use", id: "toolu_1", name: "Read", input: { file_path: "cart.tsx" } }),
    user(4, [{ type: "tool_result", tool_use_id: "toolu_1", content: "export const Cart = () => null;" }]),
    assistant(6, "msg_2", { type: "text", text: "The effect has no dependency list." }),
    assistant(6, "msg_2", { type: "text", text: "Add `[]` to it." }),
    user(20, "<task-notification>\n<task-id>b1</task-id>\n<status>completed</status>\n</task-notification>"),
    line(21, { type: "system", subtype: "compact_boundary", compactMetadata: { trigger: "auto", preTokens: 168000 } }),
    user(40, LONG_PROMPT),
    assistant(42, "msg_3", { type: "redacted_thinking", data: "ZW5jcnlwdGVk" }),
    assistant(43, "msg_3", { type: "text", text: LONG_TEXT }),
  ]);
  const { records, errors } = await importFixture(claudeCodeImporter, TEXT);

  test("each real prompt is its iteration's prompt, as written; a task notification opens no turn", () => {
    expect(errors).toEqual([]);
    expect(prompts(records)).toEqual([HTML_PROMPT, promptTextOf(LONG_PROMPT)]);
  });

  test("a response's text blocks, joined with blank lines, are its output; thinking counts its characters", () => {
    expect(replies(records)).toEqual([
      ["Let me read <b>cart.tsx</b>.", "The cart renders in a loop.".length],
      ["The effect has no dependency list.\n\nAdd `[]` to it.", undefined],
      // redacted thinking is encrypted: no characters to count; the text is cut as every span output is
      [LONG_TEXT.slice(0, SPAN_OUTPUT_MAX_CHARS), undefined],
    ]);
  });

  test("a NUL in a response's text is spelled out: the span is still stored", async () => {
    const withNul = TEXT.replace("Add `[]` to it.", "Add `[]` to it.\\u0000");
    const r = await importFixture(claudeCodeImporter, withNul);
    expect(r.errors).toEqual([]);
    expect(llms(r.records)[1]?.output).toBe("The effect has no dependency list.\n\nAdd `[]` to it.\\u0000");
  });

  test("the thinking's text is never stored", () => {
    expect(JSON.stringify(records)).not.toContain("renders in a loop");
  });
});

describe("Codex", async () => {
  // user_message (HTML) · reasoning + encrypted · message · exec · token_count · output · reasoning (encrypted
  // only) · message of two parts · its agent_message mirror · token_count · user_message · token_count
  const SESSION = "019c0000-cccc-7ddd-8eee-00000000c0de";
  const line = (ms: number, type: string, payload: Json) => ({
    timestamp: new Date(Date.UTC(2026, 1, 23, 11, 40, 0, ms)).toISOString(),
    type,
    payload,
  });
  const tokens = (ms: number, input: number) =>
    line(ms, "event_msg", {
      type: "token_count",
      info: { last_token_usage: { input_tokens: input, output_tokens: 9 } },
    });
  const message = (ms: number, ...texts: string[]) =>
    line(ms, "response_item", {
      type: "message",
      role: "assistant",
      content: texts.map((text) => ({ type: "output_text", text })),
    });
  const TEXT = jsonl([
    line(0, "session_meta", { id: SESSION, cwd: "/home/dev/shop" }),
    line(1, "turn_context", { model: "gpt-5.3-codex" }),
    line(2, "event_msg", { type: "user_message", message: HTML_PROMPT }),
    line(100, "response_item", {
      type: "reasoning",
      summary: [{ type: "summary_text", text: "**Reading the cart**" }],
      encrypted_content: "gAAAAABo",
    }),
    message(200, "Reading <b>cart.tsx</b>."),
    line(300, "response_item", {
      type: "function_call",
      name: "shell",
      arguments: '{"command":["ls"]}',
      call_id: "c1",
    }),
    tokens(400, 1000),
    line(500, "response_item", { type: "function_call_output", call_id: "c1", output: "cart.tsx" }),
    line(600, "response_item", { type: "reasoning", summary: [], encrypted_content: "gAAAAABp" }),
    message(700, "The effect has no dependency list.", "Add `[]` to it."),
    line(701, "event_msg", { type: "agent_message", message: "The effect has no dependency list." }),
    tokens(800, 1100),
    line(900, "event_msg", { type: "user_message", message: LONG_PROMPT }),
    tokens(1000, 1200),
  ]);
  const { records, errors } = await importFixture(codexImporter, TEXT);

  test("each user_message is its iteration's prompt, as written, capped", () => {
    expect(errors).toEqual([]);
    expect(prompts(records)).toEqual([HTML_PROMPT, promptTextOf(LONG_PROMPT)]);
  });

  test("the assistant messages before a token_count are its output; their reasoning summaries, thinking_chars", () => {
    expect(replies(records)).toEqual([
      ["Reading <b>cart.tsx</b>.", "**Reading the cart**".length],
      // encrypted reasoning counts for nothing; the agent_message mirror is not a second text
      ["The effect has no dependency list.\n\nAdd `[]` to it.", undefined],
      // a call that wrote no text has no output
      [null, undefined],
    ]);
  });
});

describe("Gemini CLI", async () => {
  const iso = (s: number) => new Date(Date.UTC(2026, 0, 20, 10, 0, s)).toISOString();
  const doc = {
    sessionId: "4f1c2d3e-0000-4c7d-8e9f-00000000c0de",
    startTime: iso(0),
    messages: [
      {
        id: "m1",
        timestamp: iso(1),
        type: "user",
        content: "Explain @src/cart.ts\n--- Content from referenced files ---\nexport const cart = [];",
        displayContent: "Explain @src/cart.ts",
      },
      {
        id: "m2",
        timestamp: iso(5),
        type: "gemini",
        content: "It exports an <em>empty</em> cart.",
        thoughts: [{ subject: "Reading the file", description: "It is one line.", timestamp: iso(4) }],
        model: "gemini-2.5-pro",
      },
      { id: "m3", timestamp: iso(30), type: "user", content: HTML_PROMPT },
      { id: "m4", timestamp: iso(35), type: "gemini", content: "", thoughts: [], model: "gemini-2.5-pro" },
    ],
  };
  const { records, errors } = await importFixture(geminiCliImporter, JSON.stringify(doc));

  test("a user message is its iteration's prompt as the user wrote it: displayContent, else content", () => {
    expect(errors).toEqual([]);
    expect(prompts(records)).toEqual(["Explain @src/cart.ts", HTML_PROMPT]);
  });

  test("a gemini message's content is its output; its thoughts' subjects and descriptions, thinking_chars", () => {
    expect(replies(records)).toEqual([
      ["It exports an <em>empty</em> cart.", "Reading the file".length + "It is one line.".length],
      [null, undefined],
    ]);
  });
});

describe("step-shaped formats: the task is the first step's prompt; each reply its llm span's output", () => {
  const TASK = "<pr_description>\nFix the <b>invoice</b> total.\n</pr_description>";
  const bash = (command: string) => `THOUGHT: run it.\n\n\`\`\`bash\n${command}\n\`\`\``;

  test("mini-swe-agent: the first user message, and the assistant messages' text", async () => {
    const reply = (text: string, createdS: number) => ({
      role: "assistant",
      content: text,
      extra: { response: { created: 1_763_510_000 + createdS } },
    });
    const doc = {
      instance_id: "acme__x-1",
      info: { exit_status: "Submitted" },
      messages: [
        { role: "system", content: "You are a helpful assistant." },
        { role: "user", content: TASK },
        reply(bash("ls"), 10),
        { role: "user", content: "<returncode>0</returncode>\n<output>\na.py\n</output>" },
        reply(bash("echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT"), 20),
      ],
    };
    const { records, errors } = await importFixture(miniSweAgentImporter, JSON.stringify(doc));
    expect(errors).toEqual([]);
    expect(prompts(records)).toEqual([TASK, undefined]);
    expect(replies(records)).toEqual([
      [bash("ls"), undefined],
      [bash("echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT"), undefined],
    ]);
  });

  test("SWE-agent: the history's first user message that is no demonstration; each entry's response", async () => {
    const doc = {
      trajectory: [
        { action: "ls\n", observation: "a.py", thought: "Look first.", response: "Look first.\n\n```\nls\n```" },
        { action: "submit\n", observation: "diff", thought: "Done." },
      ],
      history: [
        { role: "system", content: "SETTING: …" },
        { role: "user", content: "Here is a demonstration …", is_demo: "True" },
        { role: "user", content: TASK },
      ],
      info: { exit_status: "submitted" },
    };
    const { records, errors } = await importFixture(sweAgentImporter, JSON.stringify(doc));
    expect(errors).toEqual([]);
    expect(prompts(records)).toEqual([TASK, undefined]);
    // without a response: the thought and the action
    expect(replies(records)).toEqual([
      ["Look first.\n\n```\nls\n```", undefined],
      ["Done.\n\nsubmit\n", undefined],
    ]);
  });

  test("openai-chat: the first user message before the first reply, and each assistant message's content", async () => {
    const run = {
      task_id: 1,
      traj: [
        { role: "system", content: "Be helpful." },
        { role: "user", content: HTML_PROMPT },
        { role: "assistant", content: "It renders in a <b>loop</b>." },
        { role: "user", content: "And now?" },
        { role: "assistant", content: LONG_TEXT },
      ],
    };
    const { records, errors } = await importFixture(openAiChatImporter, JSON.stringify([run]));
    expect(errors).toEqual([]);
    expect(prompts(records)).toEqual([HTML_PROMPT, undefined]);
    expect(replies(records)).toEqual([
      ["It renders in a <b>loop</b>.", undefined],
      [LONG_TEXT.slice(0, SPAN_OUTPUT_MAX_CHARS), undefined],
    ]);
  });
});
