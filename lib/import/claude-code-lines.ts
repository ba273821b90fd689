// docs/import.md#claude-code — one line of a Claude Code session file (the
// transcript under ~/.claude/projects, or a headless `claude -p
// --output-format stream-json` line: the same message shapes, `session_id`
// in snake case), validated loosely: only the fields the mapping reads are
// checked, everything else passes. A `message` given as a string is a text
// message, and plain strings in a content array are text blocks. A line
// that is not a record (not an object, or one without a string `type`) and a
// line of a type that carries nothing are skipped, each named by its kind.
// Also the readings of a user line's content: a real prompt (not text the
// harness writes as the user's: a task notification, hook output, a
// command's output…), a slash command, an interruption. O(line size).
import { z } from "zod";

const Count = z.number().nonnegative();
const Text = z.string().nullish();
const Flag = z.boolean().nullish();

export const CcUsage = z.looseObject({
  input_tokens: Count.nullish(),
  output_tokens: Count.nullish(),
  cache_creation_input_tokens: Count.nullish(),
  cache_read_input_tokens: Count.nullish(),
});
export type CcUsage = z.infer<typeof CcUsage>;

export const CcBlock = z.looseObject({ type: z.string() });
export type CcBlock = z.infer<typeof CcBlock> & Record<string, unknown>;

/** A plain string in a content array is a text block. */
const TextBlock = z.string().transform((text) => ({ type: "text", text }));
const Content = z.union([z.string(), z.array(z.union([TextBlock, CcBlock]))]);

/** A `message` that is a string is a message with that text as its content. */
const Message = z.preprocess(
  (v) => (typeof v === "string" ? { content: v } : v),
  z.looseObject({
    id: Text,
    model: Text,
    role: Text,
    content: Content.nullish(),
    stop_reason: Text,
    usage: CcUsage.nullish(),
  }),
);

export const CcLine = z.looseObject({
  type: z.string(),
  subtype: Text,
  uuid: Text,
  parentUuid: Text,
  sessionId: Text,
  session_id: Text,
  agentId: Text,
  parent_tool_use_id: Text,
  timestamp: z.unknown().optional(),
  isSidechain: Flag,
  isMeta: Flag,
  isCompactSummary: Flag,
  isApiErrorMessage: Flag,
  isVisibleInTranscriptOnly: Flag,
  cwd: Text,
  gitBranch: Text,
  version: Text,
  message: Message.nullish(),
  toolUseResult: z.unknown().optional(),
  summary: Text,
  compactMetadata: z.looseObject({ trigger: Text, preTokens: Count.nullish() }).nullish(),
  apiErrorStatus: z.number().int().nullish(),
  error: z.unknown().optional(),
  content: z.unknown().optional(),
});
export type CcLine = z.infer<typeof CcLine>;

/** The line types the mapping reads; any other type (snapshots, progress, queue operations, titles…) carries nothing. */
const READ_TYPES = new Set(["user", "assistant", "system", "summary", "result"]);
/** What a skipped line that is no Claude Code record is counted as. */
export const NOT_A_RECORD = "not-a-record";
const KIND_RE = /^[\w:.-]{1,64}$/;

export type ReadLine = { line: CcLine } | { skipped: true; kind: string } | { error: string };

/**
 * Validate one parsed value; the error names the field that is wrong. A value
 * that is not an object, or has no string `type`, is no record: skipped (as
 * claude-code-log skips it), and so is a line of a type the mapping does not read.
 */
export function readCcLine(value: unknown): ReadLine {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { skipped: true, kind: NOT_A_RECORD };
  const type = (value as { type?: unknown }).type;
  if (typeof type !== "string" || !KIND_RE.test(type)) return { skipped: true, kind: NOT_A_RECORD };
  if (!READ_TYPES.has(type)) return { skipped: true, kind: type };
  const r = CcLine.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0]!; // a failed parse has an issue
    return { error: `${type} line: field "${issue.path.map(String).join(".")}": ${issue.message}` };
  }
  if ((type === "assistant" || type === "user") && !r.data.message) return { error: `${type} line: missing "message"` };
  return { line: r.data };
}

/** The session id of a line, in either spelling. */
export const sessionOf = (l: CcLine): string | null => l.sessionId ?? l.session_id ?? null;

/** The content blocks of a message (a string content is one text block). */
export function blocksOf(l: CcLine): CcBlock[] {
  const c = l.message?.content;
  if (typeof c === "string") return [{ type: "text", text: c }];
  return (c ?? []) as CcBlock[];
}

/** The text of a message: its text blocks joined. */
export function textOf(l: CcLine): string {
  return blocksOf(l)
    .filter((b) => b.type === "text" && typeof b.text === "string")
    .map((b) => b.text as string)
    .join("\n");
}

export const isSidechain = (l: CcLine): boolean => l.isSidechain === true || (l.parent_tool_use_id ?? null) !== null;

const COMMAND_RE = /<command-name>\s*\/?([^<\s]+)\s*<\/command-name>/;
/** The slash command a user line runs (`/clear` → "clear"), or null. */
export function commandOf(text: string): string | null {
  return COMMAND_RE.exec(text)?.[1] ?? null;
}

/** Built-in commands that never call the model: their lines are not prompts. */
const LOCAL_COMMANDS = new Set(
  [
    "clear compact model cost help config status login logout exit quit resume memory permissions",
    "mcp doctor context add-dir agents hooks ide vim theme bashes todos export usage statusline",
    "output-style privacy-settings upgrade release-notes",
  ]
    .join(" ")
    .split(" "),
);

export const INTERRUPT_PREFIX = "[Request interrupted by user";
/**
 * What the harness writes as a user line: an interruption, a local command's
 * output, a background task's end (`<task-notification>`), hook output, the
 * caveat before a command's output, a compaction's summary in versions that
 * do not flag it, and a skill or command's loading message without a command.
 */
const NOT_PROMPT_PREFIXES = [
  INTERRUPT_PREFIX,
  "<local-command-",
  "<bash-input>",
  "<bash-stdout>",
  "<bash-stderr>",
  "<task-notification>",
  "<user-prompt-submit-hook>",
  "Caveat: The messages below were generated by the user while running local commands",
  "This session is being continued from a previous conversation",
];
/** Hook output written as a user line: "Stop hook feedback:", "PreToolUse:Bash hook blocking error …". */
const HOOK_OUTPUT_RE =
  /^(?:Stop|SubagentStop|UserPromptSubmit|PreToolUse|PostToolUse|SessionStart|SessionEnd|Notification|PreCompact)(?::\S+)? hook (?:feedback|success|error|blocking error|additional context)\b/;
/** `<system-reminder>` blocks the harness adds to a line; a line of nothing else is no prompt. */
const SYSTEM_REMINDER_RE = /<system-reminder>[\s\S]*?<\/system-reminder>/g;

/** Text the harness wrote, not the user: see NOT_PROMPT_PREFIXES. */
export function isHarnessText(text: string): boolean {
  const own = text.replace(SYSTEM_REMINDER_RE, "").trim();
  if (own === "" || NOT_PROMPT_PREFIXES.some((p) => own.startsWith(p)) || HOOK_OUTPUT_RE.test(own)) return true;
  return own.startsWith("<command-message>") && commandOf(own) === null;
}

/**
 * A real user prompt: a user line of the main conversation, written by the
 * user (not a tool result, a meta or compaction-summary line, a local
 * command, its output, an interruption, or other text the harness writes:
 * isHarnessText).
 */
export function isRealPrompt(l: CcLine): boolean {
  if (l.type !== "user" || isSidechain(l) || l.isMeta || l.isCompactSummary || l.isVisibleInTranscriptOnly)
    return false;
  const blocks = blocksOf(l);
  if (blocks.some((b) => b.type === "tool_result")) return false;
  const text = textOf(l).trim();
  if (isHarnessText(text)) return false;
  const command = commandOf(text);
  return command === null || !LOCAL_COMMANDS.has(command);
}
