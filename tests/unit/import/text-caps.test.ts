// docs/import.md#text-caps: how much text an imported record keeps, per field —
// the parser of `field=characters,…` (LOOPSCOPE_TEXT_CAPS, `--text-caps`), its
// defaults and bounds, and the caps applied to what an importer yields
// (cap-records.ts), here with small records and, end to end, a Claude Code
// session and an OpenAI chat run (a step importer) read with configured caps.
import { describe, expect, test, vi } from "vitest";
import { main } from "@/bin/cli/main";
import { capInput, capRecord, INPUT_TOTAL_FACTOR } from "@/lib/import/cap-records";
import { claudeCodeImporter } from "@/lib/import/claude-code";
import { openAiChatImporter } from "@/lib/import/openai-chat";
import {
  DEFAULT_TEXT_CAPS,
  parseTextCaps,
  TEXT_CAP_BOUNDS,
  TEXT_CAP_DEFAULTS,
  TextCapsError,
} from "@/lib/import/text-caps";
import type { SpanWire } from "@/lib/import/types";
import { readEnv } from "@/lib/env";
import { SPAN_OUTPUT_MAX_CHARS, type StoredIteration, type StoredRecord, type StoredSpan } from "@/lib/schemas/records";
import { importFixture } from "@/tests/support/import";

const spansOf = (rs: StoredRecord[], kind: string) =>
  rs.filter((r): r is StoredSpan => r.type === "span" && r.kind === kind);
const promptsOf = (rs: StoredRecord[]) =>
  rs.filter((r): r is StoredIteration => r.type === "iteration").map((it) => it.attrs.prompt);
const words = (n: number) => Array.from({ length: n }, (_, i) => `w${String(i).padStart(3, "0")}`).join(" ");

describe("parseTextCaps", () => {
  test("unset or empty: today's sizes — prompt 4 000, reply and tool output 2 000, error line 500", () => {
    expect(parseTextCaps(undefined)).toEqual(TEXT_CAP_DEFAULTS);
    expect(parseTextCaps(" ")).toEqual(DEFAULT_TEXT_CAPS);
    expect(DEFAULT_TEXT_CAPS).toMatchObject({ prompt: 4000, reply: 2000, tool_output: 2000, error_line: 500 });
  });

  test("the fields it names change, the others keep their defaults; spaces around are allowed", () => {
    expect(parseTextCaps("prompt=8000, tool_output = 1500,")).toEqual({
      ...TEXT_CAP_DEFAULTS,
      prompt: 8000,
      tool_output: 1500,
    });
  });

  test.each([
    ["an unknown field", "promt=8000", /unknown field "promt".*prompt, reply, tool_input, tool_output, error_line/],
    ["an entry without =", "prompt", /"prompt" is not field=characters/],
    ["a value that is not a whole number", "reply=1.5k", /reply must be a whole number of characters, got "1.5k"/],
    ["a negative value", "error_line=-3", /error_line must be a whole number/],
    ["zero", "tool_input=0", /tool_input must be at least 1 character/],
    [
      "a tool output past the span output's 2 000",
      "tool_output=4000",
      /tool_output may be at most 2000 characters.*4000/,
    ],
    ["a reply past it", "reply=2001", /reply may be at most 2000 characters/],
    ["a prompt past what a field holds", `prompt=${TEXT_CAP_BOUNDS.prompt + 1}`, /prompt may be at most 16777216/],
  ])("%s is refused, naming the field", (_, spec, message) => {
    expect(() => parseTextCaps(spec)).toThrow(TextCapsError);
    expect(() => parseTextCaps(spec)).toThrow(message);
  });

  test("LOOPSCOPE_TEXT_CAPS is read by the server's environment, and a bad one stops the start naming it", () => {
    expect(readEnv({ LOOPSCOPE_TEXT_CAPS: "prompt=100" }).LOOPSCOPE_TEXT_CAPS?.prompt).toBe(100);
    expect(readEnv({}).LOOPSCOPE_TEXT_CAPS).toBeUndefined();
    expect(() => readEnv({ LOOPSCOPE_TEXT_CAPS: "tool_output=4000" })).toThrow(/LOOPSCOPE_TEXT_CAPS.*tool_output/);
  });
});

test("loopscope analyze --text-caps refuses a cap past its bound, naming the field (exit 1)", async () => {
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    expect(
      await main(
        ["analyze", "tests/fixtures/import/claude-code", "--text-caps", "tool_output=4000"],
        {} as NodeJS.ProcessEnv,
      ),
    ).toBe(1);
    expect(errors.mock.calls.flat().join("\n")).toMatch(/text caps: tool_output may be at most 2000 characters/);
  } finally {
    errors.mockRestore();
  }
});

describe("capInput", () => {
  test("a 1 MB string in an input is cut to the cap, ending in …; the input keeps its shape", () => {
    const input = { file_path: "a.txt", content: "x".repeat(1_000_000), flags: [true, 3] };
    const capped = capInput(input, 100) as typeof input;
    expect(capped.content).toHaveLength(100);
    expect(capped.content.endsWith("…")).toBe(true);
    expect(capped).toMatchObject({ file_path: "a.txt", flags: [true, 3] });
    expect(input.content).toHaveLength(1_000_000); // the record read is not changed
  });

  test("strings nested deep are cut too (the walk is iterative)", () => {
    let deep: unknown = "y".repeat(50);
    for (let i = 0; i < 5000; i++) deep = [deep];
    let node = capInput(deep, 10);
    for (let i = 0; i < 5000; i++) node = (node as unknown[])[0];
    expect(node).toBe(`${"y".repeat(9)}…`);
  });

  test(`many short strings adding up to more than ${INPUT_TOTAL_FACTOR} × the cap: the head of the input's JSON`, () => {
    const input = { ids: Array.from({ length: 1000 }, (_, i) => `id-${i}`) };
    const capped = capInput(input, 100);
    expect(typeof capped).toBe("string");
    expect(capped).toHaveLength(100);
    expect(capped).toMatch(/^\{"ids":\["id-0","id-1",/);
  });

  test("an input within its cap is unchanged", () => {
    expect(capInput({ command: "ls -la" }, 100)).toEqual({ command: "ls -la" });
    expect(capInput(null, 100)).toBeNull();
  });
});

describe("capRecord", () => {
  const caps = parseTextCaps("reply=20,tool_output=10,error_line=8,prompt=12");
  const span = (kind: "llm" | "tool"): SpanWire => ({ type: "span", name: "x", kind, t0: 0, output: "z".repeat(50) });

  test("an llm span's output is its reply, any other span's its tool output", () => {
    expect((capRecord(span("llm"), caps) as { output: string }).output).toHaveLength(20);
    expect((capRecord(span("tool"), caps) as { output: string }).output).toHaveLength(10);
  });

  test("a span's error and an iteration's errors are error lines; its prompt is cut at a word", () => {
    const failed = capRecord({ ...span("tool"), error: "Error: boom boom boom" }, caps) as { error: string };
    expect(failed.error).toBe("Error: b");
    const it = capRecord(
      { type: "iteration", n: 1, ts: 0, errors: ["TypeError: x is undefined"], prompt: "alpha beta gamma delta" },
      caps,
    ) as unknown as { errors: string[]; prompt: string };
    expect(it.errors).toEqual(["TypeErro"]);
    expect(it.prompt).toBe("alpha beta…");
  });
});

describe("an importer keeps what the caps say", async () => {
  const caps = parseTextCaps("prompt=120,tool_output=300,tool_input=200");
  const LONG_PROMPT = words(900);
  const LONG_RESULT = "r".repeat(5000);

  // prompt (long) · Write with a 1 MB content · its long result
  const SESSION = "9a8b7c6d-0000-4000-8000-0000000ca950";
  let n = 0;
  const line = (s: number, body: Record<string, unknown>) => ({
    sessionId: SESSION,
    cwd: "/home/dev/shop",
    uuid: `u-${++n}`,
    timestamp: new Date(Date.UTC(2026, 0, 5, 9, 0, s)).toISOString(),
    ...body,
  });
  const write = {
    type: "tool_use",
    id: "toolu_1",
    name: "Write",
    input: { file_path: "big.txt", content: "x".repeat(1_000_000) },
  };
  const CLAUDE = [
    line(0, { type: "user", message: { role: "user", content: LONG_PROMPT } }),
    line(2, {
      type: "assistant",
      message: {
        id: "msg_1",
        role: "assistant",
        model: "claude-sonnet-4-5",
        content: [write],
        usage: { output_tokens: 9 },
      },
    }),
    line(4, {
      type: "user",
      message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: LONG_RESULT }] },
    }),
  ]
    .map((v) => JSON.stringify(v))
    .join("\n");

  test("Claude Code: a configured prompt and tool output cap is applied, and a 1 MB tool input is not stored whole", async () => {
    const { records, errors } = await importFixture(claudeCodeImporter, CLAUDE, { textCaps: caps });
    expect(errors).toEqual([]);
    const [prompt] = promptsOf(records) as string[];
    expect(prompt!.length).toBeLessThanOrEqual(120);
    expect(prompt).toMatch(/ w\d{3}…$/);
    const [tool] = spansOf(records, "tool");
    expect(tool?.output).toBe("r".repeat(300));
    expect((tool?.input as { content: string }).content).toHaveLength(200);
  });

  test("Claude Code with no caps configured: today's sizes, and the 1 MB input cut to the default", async () => {
    const { records } = await importFixture(claudeCodeImporter, CLAUDE);
    expect((promptsOf(records)[0] as string).length).toBeLessThanOrEqual(TEXT_CAP_DEFAULTS.prompt);
    const [tool] = spansOf(records, "tool");
    expect(tool?.output).toHaveLength(SPAN_OUTPUT_MAX_CHARS);
    expect((tool?.input as { content: string }).content).toHaveLength(TEXT_CAP_DEFAULTS.tool_input);
  });

  test("OpenAI chat (steps): the tool result and the prompt follow the caps", async () => {
    const run = {
      task_id: 1,
      traj: [
        { role: "user", content: LONG_PROMPT },
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "c1", type: "function", function: { name: "search", arguments: '{"q":"x"}' } }],
        },
        { role: "tool", tool_call_id: "c1", name: "search", content: LONG_RESULT },
        { role: "assistant", content: "done" },
      ],
    };
    const { records, errors } = await importFixture(openAiChatImporter, JSON.stringify([run]), {
      textCaps: caps,
      endedAtUs: Date.UTC(2025, 4, 15) * 1000,
    });
    expect(errors).toEqual([]);
    expect(spansOf(records, "tool").map((s) => s.output)).toEqual(["r".repeat(300)]);
    for (const p of promptsOf(records).filter((x) => x !== undefined))
      expect((p as string).length).toBeLessThanOrEqual(120);
  });
});
