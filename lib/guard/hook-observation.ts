// docs/guard.md#claude-code — what a Claude Code hook says happened, as the
// guard reads it (code.claude.com/docs/en/hooks): PreToolUse is a call about
// to run; PostToolUse and PostToolUseFailure end it; UserPromptSubmit starts a
// turn and Stop ends it (a turn is the iteration of an interactive session,
// as the transcript importer reads it, docs/import.md#agent-transcripts);
// SubagentStop, SessionStart and SessionEnd only ask "should the session go
// on?". A hook carries no time: the sender stamps when it ran. Other events
// are read as that question too, so a hook added to Claude Code later is
// answered, never refused. Pure; O(size of the hook's JSON).
import { errorLineOf, SHELL_TOOLS } from "../import/claude-code-tools";
import { spanOutputOf } from "../schemas/records";
import type { ClaudeHookInput } from "../schemas/guard";

export type CallStart = { kind: "before_call"; id: string | null; name: string; input: unknown; tsUs: number };
export type CallEnd = {
  kind: "after_call";
  id: string | null;
  name: string;
  input: unknown;
  /** When it started: from the guard's own PreToolUse, else the hook's time. */
  t0Us: number | null;
  t1Us: number;
  ok: boolean;
  error: string;
  /** The head of its result, as a span stores it (spanOutputOf). */
  output: string | null;
};
export type GuardObservation =
  CallStart | CallEnd | { kind: "turn_start"; tsUs: number } | { kind: "turn_end"; tsUs: number } | { kind: "check" };

/** A tool's answer as text: a shell's stdout and stderr, a string as it is, anything else as JSON. */
export function responseTextOf(name: string, response: unknown): string | null {
  if (response === undefined || response === null) return null;
  if (typeof response === "string") return response;
  if (SHELL_TOOLS.has(name) && typeof response === "object") {
    const r = response as { stdout?: unknown; stderr?: unknown };
    const parts = [r.stdout, r.stderr].filter((p): p is string => typeof p === "string" && p !== "");
    if (parts.length > 0 || "stdout" in r) return parts.join("\n");
  }
  return JSON.stringify(response);
}

export function observeHook(hook: ClaudeHookInput, tsUs: number): GuardObservation {
  const name = hook.tool_name ?? "unknown_tool";
  const id = hook.tool_use_id ?? null;
  const input = hook.tool_input ?? null;
  const ended = (ok: boolean, error: string, text: string | null): CallEnd => ({
    kind: "after_call",
    ...{ id, name, input },
    t0Us: null,
    t1Us: tsUs,
    ok,
    error,
    output: spanOutputOf(text),
  });
  switch (hook.hook_event_name) {
    case "PreToolUse":
      return { kind: "before_call", id, name, input, tsUs };
    case "PostToolUse":
      return ended(true, "", responseTextOf(name, hook.tool_response));
    case "PostToolUseFailure": {
      const text = typeof hook.error === "string" ? hook.error : (responseTextOf(name, hook.error) ?? "failed");
      return ended(false, hook.is_interrupt ? "interrupted by the user" : errorLineOf(text), text);
    }
    case "UserPromptSubmit":
      return { kind: "turn_start", tsUs };
    case "Stop":
      return { kind: "turn_end", tsUs };
    default:
      return { kind: "check" };
  }
}
