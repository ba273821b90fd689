// `loopscope guard` and `loopscope guard check` (docs/guard.md). The hook form
// reads one Claude Code hook's JSON on stdin, sends it to
// POST /api/v1/runs/{run}/guard (the run: --run, else `cc-<session_id>`, the
// run the transcript importer makes of the same session) and prints what
// Claude Code reads (lib/guard/hook-answer.ts). It never holds a session up:
// a tool's hook waits at most --timeout-ms (800), a turn's or the session's
// (Stop, UserPromptSubmit…: they read the run's analysis, and no tool waits on
// them) and `check` 3000, and a server that does not answer in
// time, cannot be reached or refuses the key is one warning line on stderr
// and "go on" — unless --fail-closed, when the call is denied and the session
// stopped. `check` asks for a loop script: exit 0 go on, 3 halt (2 with
// --fail-closed when no answer came). Loaded on its own, without the rest of
// the CLI, so a hook starts in a fraction of the CLI's time (bin/loopscope.mjs).
import { hookOutput, trimHook } from "@/lib/guard/hook-answer";
import type { GuardAnswer } from "@/lib/schemas/guard";
import { postJson } from "./post-json";

export type GuardOptions = {
  url: string;
  apiKey?: string;
  runId?: string;
  failClosed: boolean;
  /** --timeout-ms; null: the default of the hook's kind (timeoutOf). */
  timeoutMs: number | null;
  enforce: boolean;
  shape?: string;
};
type Io = { stdout: (line: string) => void; stderr: (line: string) => void };
const consoleIo: Io = { stdout: (l) => console.log(l), stderr: (l) => console.error(l) };

export const DEFAULT_GUARD_TIMEOUT_MS = 800;
/** A turn's end, a prompt, the session's start or end, and `check`: between tools, reading the run's analysis. */
export const DEFAULT_TURN_TIMEOUT_MS = 3000;
const TOOL_HOOKS = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure"]);

/** How long a hook of this kind (null: `check`) waits for the server, unless --timeout-ms says. */
export function timeoutOf(opts: Pick<GuardOptions, "timeoutMs">, event: string | null): number {
  if (opts.timeoutMs !== null) return opts.timeoutMs;
  return event !== null && TOOL_HOOKS.has(event) ? DEFAULT_GUARD_TIMEOUT_MS : DEFAULT_TURN_TIMEOUT_MS;
}

type Sent = { ok: true; answer: GuardAnswer } | { ok: false; problem: string };

async function send(
  opts: GuardOptions,
  runId: string,
  body: Record<string, unknown>,
  timeoutMs: number,
): Promise<Sent> {
  const url = new URL(`/api/v1/runs/${encodeURIComponent(runId)}/guard`, opts.url);
  try {
    const res = await postJson(
      url,
      JSON.stringify({
        ...body,
        ...(opts.enforce ? { mode: "enforce" } : {}),
        ...(opts.shape ? { shape: opts.shape } : {}),
      }),
      {
        "content-type": "application/json",
        accept: "application/json",
        ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
      },
      timeoutMs,
    );
    const json = res.body as (GuardAnswer & { error?: { message?: string } }) | null;
    const ok = res.status >= 200 && res.status < 300;
    if (!ok || !json || typeof json !== "object")
      return {
        ok: false,
        problem: `the server answered ${res.status}${json?.error?.message ? `: ${json.error.message}` : ""}`,
      };
    return { ok: true, answer: json };
  } catch (err) {
    const e = err as Error;
    const why =
      e.name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : `cannot reach ${url.origin} (${e.message})`;
    return { ok: false, problem: why };
  }
}

/** The hook form: stdin is the hook's JSON. Exit 0 always but for bad usage: Claude Code reads stdout. */
export async function runGuardHook(stdin: string, opts: GuardOptions, io: Io = consoleIo): Promise<number> {
  let hook: Record<string, unknown>;
  try {
    hook = JSON.parse(stdin) as Record<string, unknown>;
    if (typeof hook !== "object" || hook === null || typeof hook.hook_event_name !== "string")
      throw new Error("no hook_event_name");
  } catch (err) {
    io.stderr(`loopscope guard: stdin is not a Claude Code hook's JSON (${(err as Error).message}); going on`);
    return 0;
  }
  const event = hook.hook_event_name as string;
  const runId = opts.runId ?? (typeof hook.session_id === "string" && hook.session_id ? `cc-${hook.session_id}` : null);
  if (!runId) {
    io.stderr("loopscope guard: the hook names no session_id and no --run was given; going on");
    return 0;
  }
  const sent = await send(opts, runId, { hook: trimHook(hook), ts: new Date().toISOString() }, timeoutOf(opts, event));
  if (!sent.ok) {
    io.stderr(`loopscope guard: ${sent.problem}; ${opts.failClosed ? "stopping (--fail-closed)" : "going on"}`);
    if (!opts.failClosed) return 0;
    const out = hookOutput(
      event,
      "halt",
      `no decision from the Loopscope server (${sent.problem}) and --fail-closed is set`,
    );
    if (out) io.stdout(JSON.stringify(out));
    return 0;
  }
  const out = hookOutput(event, sent.answer.decision, sent.answer.reason);
  if (out) io.stdout(JSON.stringify(out));
  return 0;
}

/** `guard check`: 0 go on, 3 halt; no answer is 0 with a warning, or 2 with --fail-closed. */
export async function runGuardCheck(opts: GuardOptions & { runId: string }, io: Io = consoleIo): Promise<number> {
  const sent = await send(opts, opts.runId, {}, timeoutOf(opts, null));
  if (!sent.ok) {
    io.stderr(`loopscope guard: ${sent.problem}; ${opts.failClosed ? "stopping (--fail-closed)" : "going on"}`);
    return opts.failClosed ? 2 : 0;
  }
  const a = sent.answer;
  if (a.decision === "halt") {
    io.stderr(`loopscope guard: halt: ${a.reason}`);
    return 3;
  }
  if (a.would === "halt") io.stderr(`loopscope guard: would halt (observe mode): ${a.reason}`);
  return 0;
}
