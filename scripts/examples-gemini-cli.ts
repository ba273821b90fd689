// The Gemini CLI examples of `npm run examples` (examples/README.md): a
// session stuck on one failing test — the user asks again, the agent runs the
// same `npm test`, gets the same AssertionError and edits nothing, turn after
// turn — and a healthy one that edits, tests and passes. Written as Gemini CLI
// writes its session files (docs/import.md#gemini-cli-sessions): one JSON
// document, millisecond ISO times, tool-call ids `<tool>-<epoch ms>-<hex>`.
// Deterministic: fixed times and ids, no clock, no randomness.
import { formatTimeUs } from "../lib/time";

type Json = Record<string, unknown>;
const MS_US = 1000;
const S_MS = 1000;
const MODEL = "gemini-2.5-pro";
const CWD = "/home/dev/shop";
/** Gemini CLI writes millisecond ISO times. */
const iso = (ms: number): string => formatTimeUs(ms * MS_US).replace(/(\.\d{3})\d{3}Z$/, "$1Z");

type Session = { id: string; clockMs: number; messages: Json[]; n: number };

const uuid = (s: Session): string => `${s.id.slice(0, 8)}-0000-4000-8000-${String(++s.n).padStart(12, "0")}`;

function user(s: Session, afterS: number, text: string): void {
  s.clockMs += afterS * S_MS;
  s.messages.push({ id: uuid(s), timestamp: iso(s.clockMs), type: "user", content: text });
}

type Call = { name: string; args: Json; output: string; status?: string; tookS: number };

/** One model response after `afterS` seconds, with its tool calls run one after the other. */
function gemini(s: Session, afterS: number, input: number, text: string, calls: Call[] = []): void {
  s.clockMs += afterS * S_MS;
  const at = s.clockMs;
  const toolCalls = calls.map((c, i) => {
    const startMs = s.clockMs + 20;
    s.clockMs = startMs + c.tookS * S_MS;
    return {
      id: `${c.name}-${startMs}-${(0xa1b2c3 + s.n * 16 + i).toString(16)}`,
      name: c.name,
      args: c.args,
      result: [{ functionResponse: { id: `${c.name}-${startMs}`, name: c.name, response: { output: c.output } } }],
      status: c.status ?? "success",
      timestamp: iso(s.clockMs),
    };
  });
  const tokens = { input, output: 60, cached: Math.floor(input * 0.6), thoughts: 120, tool: 0, total: input + 180 };
  s.messages.push({
    id: uuid(s),
    timestamp: iso(at),
    type: "gemini",
    content: text,
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
    tokens,
    model: MODEL,
  });
}

function document(s: Session, startMs: number): string {
  const doc = {
    sessionId: s.id,
    projectHash: "6c1f0e9a4b2d7c35e8f1a0b9d2c4e6f8a1b3c5d7e9f0a2b4c6d8e0f1a3b5c7d9",
    startTime: iso(startMs),
    lastUpdated: iso(s.clockMs),
    messages: s.messages,
  };
  return JSON.stringify(doc, null, 2) + "\n";
}

const shell = (command: string, output: string, exitCode: number): string =>
  [
    `Command: ${command}`,
    "Directory: (root)",
    `Output: ${output}`,
    "Error: (none)",
    `Exit Code: ${exitCode}`,
    "Signal: (none)",
    "Background PIDs: (none)",
    "Process Group PGID: 48211",
  ].join("\n");

const FAILING = [
  "> shop@1.0.0 test",
  "> vitest run",
  "",
  " FAIL  src/cart.test.ts > cart total > applies the discount",
  "AssertionError: expected 1090 to be 1000",
  " Test Files  1 failed | 7 passed (8)",
].join("\n");
const PASSING = ["> shop@1.0.0 test", "> vitest run", "", " Test Files  8 passed (8)"].join("\n");
const NPM_TEST = { command: "npm test", description: "Run the test suite" };
const TURNS = 5;

/** The stuck session: five turns of the same failing `npm test`, no edit. */
function stuckSession(): string {
  const startMs = Date.UTC(2026, 2, 4, 14, 0);
  const s: Session = { id: "7a3e9c21-4b6d-4f80-9e12-3c5d7f9a1b02", clockMs: startMs, messages: [], n: 0 };
  user(s, 0, "npm test fails on the cart discount test. Find out why and fix it.");
  for (let turn = 1; turn <= TURNS; turn++) {
    const context = 9_000 + turn * 2_500;
    gemini(s, 4, context, "", [
      { name: "run_shell_command", args: NPM_TEST, output: shell("npm test", FAILING, 1), tookS: 6 },
    ]);
    gemini(s, 5, context + 800, "The discount test still fails: the total is 1090 where 1000 is expected.");
    if (turn < TURNS) user(s, 50, "It still fails. Try again.");
  }
  return document(s, startMs);
}

/** The healthy session: read, edit, test (passing), then a second request done the same way. */
function healthySession(): string {
  const startMs = Date.UTC(2026, 2, 4, 16, 0);
  const s: Session = { id: "2d8f4a6c-1e3b-4c57-8a9d-0b2c4e6f8a13", clockMs: startMs, messages: [], n: 0 };
  const file = `${CWD}/src/cart.ts`;
  user(s, 0, "Apply the discount before tax in src/cart.ts and run the tests.");
  gemini(s, 3, 8_000, "", [
    {
      name: "read_file",
      args: { absolute_path: file },
      output: "export const total = (c) => c.subtotal * 1.09;",
      tookS: 0.1,
    },
  ]);
  gemini(s, 4, 9_200, "", [
    {
      name: "replace",
      args: {
        file_path: file,
        old_string: "export const total = (c) => c.subtotal * 1.09;",
        new_string: "export const total = (c) =>\n  (c.subtotal - c.discount) * 1.09;",
      },
      output: `Successfully modified file: ${file} (1 replacements).`,
      tookS: 2,
    },
  ]);
  gemini(s, 3, 9_900, "", [
    { name: "run_shell_command", args: NPM_TEST, output: shell("npm test", PASSING, 0), tookS: 6 },
  ]);
  gemini(s, 3, 10_400, "The discount is now applied before tax and all 8 test files pass.");
  user(s, 40, "Add a test for a zero discount.");
  gemini(s, 4, 11_000, "", [
    {
      name: "write_file",
      args: {
        file_path: `${CWD}/src/cart-zero.test.ts`,
        content:
          "import { total } from './cart';\n\ntest('zero', () => {\n  expect(total({ subtotal: 100, discount: 0 })).toBe(109);\n});\n",
      },
      output: `Successfully created and wrote to new file: ${CWD}/src/cart-zero.test.ts.`,
      tookS: 1,
    },
  ]);
  gemini(s, 3, 11_900, "", [
    { name: "run_shell_command", args: NPM_TEST, output: shell("npm test", PASSING, 0), tookS: 6 },
  ]);
  gemini(s, 3, 12_300, "Added src/cart-zero.test.ts; the suite passes.");
  return document(s, startMs);
}

/** The Gemini CLI examples: path inside examples/ → file text. */
export function buildGeminiCliExamples(): Record<string, string> {
  return {
    "gemini-cli/stuck-session.json": stuckSession(),
    "gemini-cli/healthy-session.json": healthySession(),
  };
}
