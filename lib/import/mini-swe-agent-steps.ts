// docs/import.md#mini-swe-agent-trajectories — a mini-swe-agent trajectory's
// messages read as steps. Each `assistant` message is a step; its commands
// are its `extra.actions` (mini-swe-agent 2), else its bash `tool_calls`,
// else the fenced blocks of its text that the action regex finds (the
// config's `action_regex`, else ```bash / ```mswea_bash_command). The next
// `user` / `tool` messages are the commands' observations, in order. A reply
// without exactly one block, or one answered by the format-error message
// (the config's `format_error_template`, `Please always provide EXACTLY ONE
// action…`, or `extra.interrupt_type: FormatError`), runs nothing: a format
// error step. mini-swe-agent 2 writes no reply for a format error, so such a
// message with no reply before it is a step of its own. Other messages (the
// task, the `exit` message, an empty limit message) are no step. Pure;
// O(messages).
import { isObj, str } from "./trajectory-run";

type Obj = Record<string, unknown>;

export type MiniMessage = { index: number; role: string; text: string; extra: Obj; raw: Obj };
export type MiniCommand = { command: string; name: string };
export type MiniStepRead = {
  /** The reply's message index; null for a format error written without its reply. */
  reply: number | null;
  commands: MiniCommand[];
  /** Message indices of the commands' observations, in command order (fewer when some never came). */
  observations: number[];
  formatError: { index: number; text: string } | null;
};

const DEFAULT_ACTION_RE = /```(?:bash|mswea_bash_command)\s*\n([\s\S]*?)\n```/g;
const FORMAT_ERROR_RE = /^\s*Please always provide EXACTLY ONE action\b/;

/** A message's text: a string, or the text parts of a content list. */
export function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((p) => (isObj(p) && typeof p.text === "string" ? p.text : "")).join("\n");
}

/** The messages by position; an element that is no message (no `role`) has role "" and counts for nothing. */
export function readMessages(raw: unknown[]): MiniMessage[] {
  return raw.map((m, index) => {
    const o = isObj(m) ? m : {};
    const role = typeof o.role === "string" ? o.role : "";
    return { index, role, text: textOf(o.content), extra: isObj(o.extra) ? o.extra : {}, raw: o };
  });
}

/** The action regex of a config (a Python regex, read with `s`), else the default; one that does not compile is ignored. */
export function actionRegexOf(config: Obj): RegExp {
  for (const part of [config.model, config.agent]) {
    const source = isObj(part) ? str(part.action_regex) : null;
    if (source === null) continue;
    try {
      return new RegExp(source, "gs");
    } catch {
      continue;
    }
  }
  return DEFAULT_ACTION_RE;
}

/** The fixed start of a config's format-error template (before its first `{{` / `{%`), when long enough to tell. */
export function formatErrorPrefixOf(config: Obj): string | null {
  for (const part of [config.agent, config.model]) {
    const template = isObj(part) ? str(part.format_error_template) : null;
    const prefix = template?.split(/\{[{%]/)[0]?.trim() ?? "";
    if (prefix.length >= 12) return prefix;
  }
  return null;
}

function toolCallCommand(tc: unknown): MiniCommand | null {
  const fn = isObj(tc) && isObj(tc.function) ? tc.function : null;
  if (fn === null) return null;
  let args: unknown = fn.arguments;
  if (typeof args === "string") {
    try {
      args = JSON.parse(args) as unknown;
    } catch {
      return null;
    }
  }
  const command = isObj(args) ? str(args.command) : null;
  return command !== null ? { command, name: str(fn.name) ?? "bash" } : null;
}

/** A reply's commands, or the number of blocks found when that is not exactly one. */
function commandsOf(m: MiniMessage, actionRe: RegExp): MiniCommand[] | number {
  const actions = Array.isArray(m.extra.actions) ? m.extra.actions : [];
  const fromActions = actions.flatMap((a) => {
    const command = typeof a === "string" ? str(a) : isObj(a) ? (str(a.command) ?? str(a.action)) : null;
    return command !== null ? [{ command, name: "bash" }] : [];
  });
  if (fromActions.length > 0) return fromActions;
  const calls = Array.isArray(m.raw.tool_calls) ? m.raw.tool_calls.flatMap((tc) => toolCallCommand(tc) ?? []) : [];
  if (calls.length > 0) return calls;
  const blocks = [...m.text.matchAll(new RegExp(actionRe.source, actionRe.flags))].map((b) => (b[1] ?? "").trim());
  return blocks.length === 1 ? [{ command: blocks[0] as string, name: "bash" }] : blocks.length;
}

const firstLine = (text: string): string =>
  text
    .split("\n")
    .find((l) => l.trim() !== "")
    ?.trim() ?? "";

/** Whether a user message is the harness's answer to a reply it could not read. */
export function isFormatErrorMessage(m: MiniMessage, prefix: string | null): boolean {
  if (m.extra.interrupt_type === "FormatError") return true;
  return FORMAT_ERROR_RE.test(m.text) || (prefix !== null && m.text.trimStart().startsWith(prefix));
}

/** The steps of a trajectory's messages. */
export function readMiniSteps(messages: MiniMessage[], actionRe: RegExp, formatPrefix: string | null): MiniStepRead[] {
  const steps: MiniStepRead[] = [];
  let open: MiniStepRead | null = null;
  for (const m of messages) {
    if (m.role === "assistant") {
      const found = commandsOf(m, actionRe);
      const bad = typeof found === "number";
      const formatError = bad ? { index: m.index, text: `found ${found} actions` } : null;
      open = { reply: m.index, commands: bad ? [] : found, observations: [], formatError };
      steps.push(open);
    } else if ((m.role === "user" || m.role === "tool") && isFormatErrorMessage(m, formatPrefix)) {
      const error = { index: m.index, text: firstLine(m.text).slice(0, 300) || "format error" };
      if (open !== null && open.observations.length === 0) Object.assign(open, { commands: [], formatError: error });
      else steps.push({ reply: null, commands: [], observations: [], formatError: error });
      open = null;
    } else if ((m.role === "user" || m.role === "tool") && open !== null) {
      // A reply that ran nothing: the message after it is the harness's word on it.
      if (open.commands.length === 0 && open.formatError !== null) open.formatError.index = m.index;
      else open.observations.push(m.index);
      if (open.observations.length >= open.commands.length) open = null;
    }
  }
  return steps;
}
