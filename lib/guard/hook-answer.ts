// docs/guard.md#claude-code — the guard's answer as Claude Code reads a
// hook's output (code.claude.com/docs/en/hooks): nothing for "continue"; a
// PreToolUse `deny` whose reason Claude is shown for a refused call; and for
// a halt `continue: false`, which stops Claude after the hook, with the reason
// as `stopReason` (a PreToolUse is denied as well, so the call never runs).
// The hook's JSON is cut to what the server keeps before it is sent: a tool's
// answer is stored as the head of its text (spanOutputOf), so a long file read
// or build log need not cross the wire whole. Pure; O(size of the hook's JSON).
import type { GuardDecision } from "../schemas/guard";

/** More than the 2 000 characters a span keeps of its output: the server's head is the same. */
const RESPONSE_HEAD_CHARS = 4000;

const head = (v: unknown): unknown =>
  typeof v === "string" && v.length > RESPONSE_HEAD_CHARS ? v.slice(0, RESPONSE_HEAD_CHARS) : v;

/** The hook's JSON as sent: a tool's answer cut to its head (a shell's stdout and stderr each). */
export function trimHook(hook: Record<string, unknown>): Record<string, unknown> {
  const r = hook.tool_response;
  if (r === undefined || r === null) return hook;
  if (typeof r === "string") return { ...hook, tool_response: head(r) };
  if (typeof r === "object" && ("stdout" in r || "stderr" in r)) {
    const shell = r as { stdout?: unknown; stderr?: unknown };
    return { ...hook, tool_response: { ...r, stdout: head(shell.stdout), stderr: head(shell.stderr) } };
  }
  const text = JSON.stringify(r);
  return text.length > RESPONSE_HEAD_CHARS ? { ...hook, tool_response: text.slice(0, RESPONSE_HEAD_CHARS) } : hook;
}

/** What the hook prints on stdout (null: nothing, go on). */
export function hookOutput(
  event: string,
  decision: GuardDecision,
  reason: string | null,
): Record<string, unknown> | null {
  if (decision === "continue") return null;
  const said = `Loopscope guard: ${reason ?? "a breaker tripped"}`;
  const deny =
    event === "PreToolUse"
      ? {
          hookSpecificOutput: {
            hookEventName: "PreToolUse",
            permissionDecision: "deny",
            permissionDecisionReason: said,
          },
        }
      : {};
  if (decision === "block_call") return event === "PreToolUse" ? deny : null;
  return { continue: false, stopReason: said, ...deny };
}
