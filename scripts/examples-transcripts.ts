// The agent-transcript examples of `npm run examples` (see scripts/examples.ts):
// a Claude Code session stuck on one failing test, a short one of two prompts
// four hours apart (its conversation: text, thinking, an edit, a background
// task's notification, an auto-compaction), and a loop script's folder — one
// `claude -p` session per iteration, each written by Claude Code to its
// projects folder. Written line by line as Claude Code writes
// them (docs/import.md#claude-code); deterministic: fixed times and ids.
import { formatTimeUs } from "../lib/time";

type Json = Record<string, unknown>;
const S = 1_000_000;
const MODEL = "claude-sonnet-4-5-20250929";
const jsonl = (records: readonly Json[]): string => records.map((r) => JSON.stringify(r)).join("\n") + "\n";
/** Claude Code writes millisecond ISO times. */
const iso = (us: number): string => formatTimeUs(us).replace(/(\.\d{3})\d{3}Z$/, "$1Z");
const hex = (prefix: string, n: number, width = 24): string => `${prefix}${String(n).padStart(width, "0")}`;

type Session = { id: string; cwd: string; branch: string; entrypoint: string; lines: Json[]; clockUs: number };

function session(id: string, startUs: number, entrypoint: string): Session {
  return { id, cwd: "/home/dev/shop", branch: "fix/cart-total", entrypoint, lines: [], clockUs: startUs };
}

/** Append a line `afterS` seconds after the previous one; returns its uuid. */
function line(s: Session, afterS: number, parent: string | null, body: Json): string {
  s.clockUs += Math.round(afterS * S);
  const uuid = `${s.id.slice(-8)}-0000-4000-8000-${String(s.lines.length + 1).padStart(12, "0")}`;
  s.lines.push({
    parentUuid: parent,
    isSidechain: false,
    userType: "external",
    cwd: s.cwd,
    sessionId: s.id,
    version: "2.0.14",
    gitBranch: s.branch,
    ...(s.entrypoint === "sdk-cli" ? { entrypoint: "sdk-cli" } : {}),
    ...body,
    uuid,
    timestamp: iso(s.clockUs),
  });
  return uuid;
}

const prompt = (s: Session, afterS: number, parent: string | null, text: string): string =>
  line(s, afterS, parent, { type: "user", message: { role: "user", content: text } });

let messageNo = 0;
/**
 * One API response: one line per content block, each repeating the usage (as Claude Code writes it),
 * or `oneLine`, all its blocks in one line (as Claude Code 1.x wrote it: the smaller file).
 */
function assistant(
  s: Session,
  afterS: number,
  parent: string,
  blocks: Json[],
  cacheRead: number,
  opts: { oneLine?: boolean } = {},
): string {
  messageNo += 1;
  const usage = {
    input_tokens: 6,
    cache_creation_input_tokens: 900,
    cache_read_input_tokens: cacheRead,
    output_tokens: 240,
  };
  let last = parent;
  const lines = opts.oneLine ? [blocks] : blocks.map((block) => [block]);
  lines.forEach((content, i) => {
    last = line(s, i === 0 ? afterS : 0.4, last, {
      type: "assistant",
      requestId: hex("req_", messageNo),
      message: {
        id: hex("msg_01", messageNo),
        type: "message",
        role: "assistant",
        model: MODEL,
        content,
        stop_reason: content.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn",
        stop_sequence: null,
        usage,
      },
    });
  });
  return last;
}

let toolNo = 0;
function toolCall(s: Session, afterS: number, parent: string, name: string, input: Json, cacheRead: number) {
  toolNo += 1;
  const id = hex("toolu_01", toolNo);
  const uuid = assistant(s, afterS, parent, [{ type: "tool_use", id, name, input }], cacheRead);
  return { id, uuid };
}

function toolResult(s: Session, afterS: number, call: { id: string; uuid: string }, content: string, isError: boolean) {
  return line(s, afterS, call.uuid, {
    type: "user",
    message: { role: "user", content: [{ tool_use_id: call.id, type: "tool_result", content, is_error: isError }] },
    toolUseResult: isError ? `Error: ${content}` : { stdout: content, stderr: "", interrupted: false },
  });
}

const FAILURE = [
  "FAILED tests/test_cart.py::test_total_applies_discount - AssertionError: assert 1090 == 1000",
  "Exit code 1",
  "1 failed, 41 passed in 0.84s",
].join("\n");
const PYTEST = { command: "pytest tests/test_cart.py", description: "Run the cart tests" };
const STUCK_TURNS = 8;

/** A session where the user keeps asking for a fix and the agent keeps re-running one failing test. */
export function buildStuckClaudeSession(): string {
  const s = session("5f2c1a9e-7b3d-4c1e-9a60-2d8e4b7c1f05", Date.UTC(2026, 2, 2, 9, 0) * 1000, "cli");
  messageNo = 0;
  toolNo = 0;
  s.lines.push({
    type: "summary",
    summary: "Cart total discount test keeps failing",
    leafUuid: "5f2c1a9e-0000-4000-8000-000000000001",
  });
  let at = prompt(s, 0, null, "Fix the failing test tests/test_cart.py::test_total_applies_discount");
  const todo = toolCall(
    s,
    4,
    at,
    "TodoWrite",
    {
      todos: [
        { content: "Fix the cart discount total", status: "in_progress", activeForm: "Fixing the cart discount total" },
      ],
    },
    12_000,
  );
  at = toolResult(s, 0.2, todo, "Todos have been modified successfully.", false);
  const read = toolCall(s, 3, at, "Read", { file_path: "/home/dev/shop/cart/total.py" }, 14_000);
  at = toolResult(s, 0.1, read, "def total(items, discount):\n    return sum(i.price for i in items)", false);
  const edit = toolCall(
    s,
    6,
    at,
    "Edit",
    {
      file_path: "/home/dev/shop/cart/total.py",
      old_string: "    return sum(i.price for i in items)",
      new_string: "    subtotal = sum(i.price for i in items)\n    return subtotal - discount",
    },
    15_000,
  );
  at = toolResult(s, 0.2, edit, "The file /home/dev/shop/cart/total.py has been updated.", false);
  let cache = 16_000;
  for (let turn = 1; turn <= STUCK_TURNS; turn++) {
    const run = toolCall(s, 5, at, "Bash", PYTEST, cache);
    at = toolResult(s, 2.5, run, FAILURE, true);
    at = assistant(
      s,
      4,
      at,
      [{ type: "text", text: "The discount test still fails: the total is 1090, expected 1000." }],
      cache + 500,
    );
    cache += 3_000;
    if (turn < STUCK_TURNS) at = prompt(s, 45, at, "Still failing. Try again.");
  }
  return jsonl(s.lines);
}

const PRICE_FILE = "/home/dev/shop/src/cart/price.ts";
const PRICE_EDIT = { old: "  return `${cents / 100}`;", new: "  return (cents / 100).toFixed(2);" };
const BUILD = { command: "npm run build", description: "Build the shop", run_in_background: true };
const COMPACT_SUMMARY =
  "This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\nformatPrice in src/cart/price.ts now uses toFixed(2); the build passed.";

/**
 * A session of two prompts four hours apart, as a Conversation view reads it:
 * the first answered in one response of thinking, text, an Edit (its result's
 * patch) and a background build, whose `<task-notification>` comes later (no
 * prompt: it opens no turn); an auto-compaction at 84 % of the 200k window
 * before the reply to it; then, after four idle hours, a second prompt and its reply.
 */
export function buildConversationClaudeSession(): string {
  const s = session("c0a7e5d2-4f1b-4e8a-9c3d-6b2e8f1a4d70", Date.UTC(2026, 2, 5, 9, 30) * 1000, "cli");
  s.branch = "feat/price-format";
  messageNo = 100;
  let at = prompt(s, 0, null, "Cart prices show 10.5 instead of 10.50.\nFormat them with two decimals.");
  const edit = { id: hex("toolu_01", 101), uuid: "" };
  const build = { id: hex("toolu_01", 102), uuid: "" };
  const blocks = [
    { type: "thinking", thinking: "formatPrice prints cents / 100 as it is.", signature: "c2ln" },
    { type: "text", text: "formatPrice prints the number as it is; toFixed(2) keeps two decimals." },
    {
      type: "tool_use",
      id: edit.id,
      name: "Edit",
      input: { file_path: PRICE_FILE, old_string: PRICE_EDIT.old, new_string: PRICE_EDIT.new },
    },
    { type: "tool_use", id: build.id, name: "Bash", input: BUILD },
  ];
  edit.uuid = build.uuid = assistant(s, 5, at, blocks, 150_000, { oneLine: true });
  const patch = {
    oldStart: 3,
    oldLines: 1,
    newStart: 3,
    newLines: 1,
    lines: [`-${PRICE_EDIT.old}`, `+${PRICE_EDIT.new}`],
  };
  at = line(s, 0.3, edit.uuid, {
    type: "user",
    message: {
      role: "user",
      content: [{ tool_use_id: edit.id, type: "tool_result", content: `${PRICE_FILE} updated.` }],
    },
    toolUseResult: { filePath: PRICE_FILE, structuredPatch: [patch] },
  });
  at = toolResult(s, 0.2, build, "Command running in background with ID: bash_1", false);
  at = line(s, 95, at, {
    type: "user",
    message: {
      role: "user",
      content: `<task-notification>\n<task-id>bash_1</task-id>\n<status>completed</status>\n<summary>Background command "npm run build" completed (exit code 0).</summary>\n</task-notification>`,
    },
  });
  const boundary = line(s, 1, null, {
    type: "system",
    subtype: "compact_boundary",
    content: "Conversation compacted",
    logicalParentUuid: at,
    compactMetadata: { trigger: "auto", preTokens: 168_000 },
  });
  at = line(s, 0.1, boundary, {
    type: "user",
    isCompactSummary: true,
    isVisibleInTranscriptOnly: true,
    message: { role: "user", content: COMPACT_SUMMARY },
  });
  at = assistant(s, 6, at, [{ type: "text", text: "The build passed." }], 16_000);
  at = prompt(s, 4 * 3600, at, "Also show the currency: €10.50.");
  assistant(s, 5, at, [{ type: "text", text: "formatPrice now starts with the currency sign: €10.50." }], 18_000);
  return jsonl(s.lines);
}

const TODO_ITEMS = ["Round cart totals to cents", "Add a coupon code field", "Show the tax line", "Cap quantity at 99"];

/** One `claude -p` session of the loop script: the next TODO item, an edit, the tests (failing first on odd runs), done. */
function loopSession(n: number): string {
  const id = `0c7d2e41-93ab-4f10-8c2e-5a1b7d9e0${String(n).padStart(3, "0")}`;
  const s = session(id, Date.UTC(2026, 2, 3, 22, 0) * 1000 + (n - 1) * 600 * S, "sdk-cli");
  const item = TODO_ITEMS[n - 1] ?? "";
  const file = `/home/dev/shop/src/cart-${n}.ts`;
  const cache = 8_000 + n * 500;
  let at = prompt(s, 0, null, "Read TODO.md, pick the next unchecked item, implement it, and run the tests.");
  const todo = toolCall(
    s,
    4,
    at,
    "TodoWrite",
    { todos: [{ content: item, status: "in_progress", activeForm: item }] },
    cache,
  );
  at = toolResult(s, 0.2, todo, "Todos have been modified successfully.", false);
  const edit = toolCall(
    s,
    8,
    at,
    "Edit",
    { file_path: file, old_string: "// next", new_string: `// ${item}\nexport const step${n} = true;` },
    cache + 500,
  );
  at = toolResult(s, 0.2, edit, `The file ${file} has been updated.`, false);
  if (n % 2 === 1) {
    const run = toolCall(s, 6, at, "Bash", { command: "npm test", description: "Run the tests" }, cache + 1_000);
    at = toolResult(
      s,
      9,
      run,
      `FAIL src/cart-${n}.test.ts > ${item}\nExit code 1\nTests: 1 failed, 57 passed, 58 total`,
      true,
    );
    const fix = toolCall(
      s,
      8,
      at,
      "Edit",
      { file_path: file, old_string: "= true", new_string: "= Boolean(1)" },
      cache + 1_500,
    );
    at = toolResult(s, 0.2, fix, `The file ${file} has been updated.`, false);
  }
  const pass = toolCall(s, 5, at, "Bash", { command: "npm test", description: "Run the tests" }, cache + 2_000);
  at = toolResult(s, 9, pass, "Tests: 58 passed, 58 total", false);
  const done = toolCall(
    s,
    3,
    at,
    "TodoWrite",
    { todos: [{ content: item, status: "completed", activeForm: item }] },
    cache + 2_500,
  );
  at = toolResult(s, 0.2, done, "Todos have been modified successfully.", false);
  assistant(s, 3, at, [{ type: "text", text: `Done: ${item}. All tests pass.` }], cache + 3_000);
  return jsonl(s.lines);
}

/** The loop script's log folder: four sessions, one per iteration. */
export function buildLoopScriptFolder(): Record<string, string> {
  messageNo = 0;
  toolNo = 0;
  const out: Record<string, string> = {};
  for (let n = 1; n <= 4; n++) out[`loop-script/session-${n}.jsonl`] = loopSession(n);
  return out;
}

const STUCK_LOOP_SESSIONS = 5;

/**
 * One `claude -p` session of a loop script going round in circles: the same
 * item, the same failing test, an edit whose text is no longer in the file —
 * nothing changes from one session to the next.
 */
function stuckLoopSession(n: number): string {
  const id = `5d1e9a70-2b4c-4e8f-9a3d-6c7b8e9f0${String(n).padStart(3, "0")}`;
  const s = session(id, Date.UTC(2026, 2, 4, 1, 0) * 1000 + (n - 1) * 300 * S, "sdk-cli");
  const cache = 9_000;
  let at = prompt(s, 0, null, "Read TODO.md, pick the next unchecked item, implement it, and run the tests.");
  const run = toolCall(s, 5, at, "Bash", { command: "npm test", description: "Run the tests" }, cache);
  at = toolResult(s, 9, run, "FAIL src/coupon.test.ts > applies the coupon once\nExit code 1", true);
  const file = "/home/dev/shop/src/coupon.ts";
  const edit = toolCall(s, 6, at, "Edit", { file_path: file, old_string: "total -", new_string: "total * 0.9" }, cache);
  at = toolResult(s, 0.2, edit, "String to replace not found in file.", true);
  assistant(s, 3, at, [{ type: "text", text: "The coupon test still fails." }], cache);
  return jsonl(s.lines);
}

/** A loop script's log folder that goes round in circles: five sessions, each the same failed attempt. */
export function buildStuckLoopScriptFolder(): Record<string, string> {
  const out: Record<string, string> = {};
  for (let n = 1; n <= STUCK_LOOP_SESSIONS; n++) out[`loop-script-stuck/session-${n}.jsonl`] = stuckLoopSession(n);
  return out;
}
