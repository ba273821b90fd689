// docs/guard.md#what-it-decides — the per-call rules of the live guard, on the
// analysis's own pieces: each tool's breaker is lib/analysis/tool-breaker.ts's
// step on its plain state, and a call's identity is repeated-calls.ts's key.
// A finished call moves them; a call about to run is refused while its tool's
// breaker is open, or while the last repeat_window calls hold the same tool
// and input repeat_calls times with one result (with repeat_key input_output,
// sessions) — the identical-calls rule has tripped for it, and running it
// again would repeat it. A call that is refused does not run, so it moves
// nothing: the window moves on only with calls that ran, and the call is
// allowed again once its repeats have left it. O(repeat_window) per call;
// state O(tools + repeat_window + repeated keys). Pure: state is mutated in place.
import { createHash } from "node:crypto";
import { formatTimeUs } from "../time";
import { storableText } from "../schemas/storable";
import { subjectOf } from "../import/claude-code-tools";
import { callKeyOf } from "../analysis/repeated-calls";
import type { AnalysisSettings } from "../analysis/settings";
import { closedToolBreaker, isToolBreakerOpen, stepToolBreakerState } from "../analysis/tool-breaker";
import type { GuardBreaker, GuardState } from "../schemas/guard";

export type CallRuleSettings = Pick<
  AnalysisSettings,
  "fail_max" | "cool_s" | "repeat_calls" | "repeat_window" | "repeat_key" | "guard_tool_breaker"
>;
/** What a rule found: a trip (the default), or a tool's breaker letting a call through that worked again. */
export type Finding = { breaker: GuardBreaker; reason: string; kind?: "recover" };
export type FinishedCall = {
  name: string;
  input: unknown;
  t0Us: number;
  t1Us: number;
  ok: boolean;
  output: string | null;
};

const SUBJECT_CHARS = 120;
const LOGGED_ONLY = " (logged only: in a session the guard refuses the same call failing the same way, not the tool)";

/** A key as the state keeps it: a fixed-size digest (jsonb holds no NUL, and a window of inputs stays small). */
const digestOf = (key: string): string => createHash("sha256").update(key).digest("base64").slice(0, 24);

/** Text kept in the state or the log: no NUL, no lone surrogate — jsonb and text columns hold neither (storable.ts). */
export const withoutNul = (text: string): string => storableText(text.replaceAll("\u0000", ""));

/** How a call is named in a reason: its command or path, else its tool. */
function subjectLine(name: string, input: unknown): string {
  const subject = withoutNul(subjectOf(input) ?? "")
    .replace(/\s+/g, " ")
    .trim();
  if (!subject) return withoutNul(name);
  return subject.length > SUBJECT_CHARS ? `${subject.slice(0, SUBJECT_CHARS - 1)}…` : subject;
}

/**
 * A window call's identity under the settings of now: its tool and input (`base`), with
 * repeat_key input_output its result too (`io`). Both are kept, so a run whose shape, and
 * so its repeat_key, is known only later (a transcript's run record comes last) is counted
 * as its analysis counts it.
 */
const keyOf = (c: GuardState["window"][number], s: CallRuleSettings) =>
  s.repeat_key === "input_output" ? c.io : c.base;

/** The most times one key with this tool and input occurs in the window, and whether those calls failed. */
function repeatsOf(
  state: GuardState,
  base: string,
  s: CallRuleSettings,
): { times: number; ok: boolean; subject: string } {
  const counts = new Map<string, number>();
  let best = { times: 0, ok: true, subject: "" };
  for (const c of state.window) {
    if (c.base !== base) continue;
    const key = keyOf(c, s);
    const times = (counts.get(key) ?? 0) + 1;
    counts.set(key, times);
    if (times > best.times) best = { times, ok: c.ok, subject: c.subject };
  }
  return best;
}

function repeatReason(r: { times: number; ok: boolean; subject: string }, s: CallRuleSettings): string {
  const how = r.ok ? "returned the same result" : "failed the same way";
  const among = r.times < s.repeat_window ? ` among the last ${s.repeat_window} calls` : "";
  return `\`${r.subject}\` ${how} ${r.times} times${among}; change approach`;
}

/** Whether a call about to run should be refused, and why; null: let it run. */
export function judgeCall(
  state: GuardState,
  name: string,
  input: unknown,
  tsUs: number,
  s: CallRuleSettings,
): Finding | null {
  const breaker = state.tools[withoutNul(name)];
  if (s.guard_tool_breaker && breaker && isToolBreakerOpen(breaker, tsUs, s)) {
    const until = formatTimeUs(breaker.openedAtUs + Math.round(s.cool_s * 1e6));
    return {
      breaker: "tool_breaker",
      reason: `${withoutNul(name)} failed ${s.fail_max} times in a row; its breaker is open until ${until}: fix the cause or use another tool`,
    };
  }
  if (input === null || input === undefined) return null;
  const r = repeatsOf(state, digestOf(callKeyOf({ name, input }, { repeat_key: "input" }).key), s);
  if (r.times >= s.repeat_calls) return { breaker: "identical_calls", reason: repeatReason(r, s) };
  return null;
}

/** Feed a call that ran: its tool's breaker and the window move; returns what it tripped. */
export function recordCall(state: GuardState, call: FinishedCall, s: CallRuleSettings): Finding[] {
  const found: Finding[] = [];
  const breaker = (state.tools[withoutNul(call.name)] ??= closedToolBreaker());
  const wasOpened = breaker.failsInRow >= s.fail_max;
  const step = stepToolBreakerState(breaker, call, s);
  if (wasOpened && step === "allowed" && call.ok)
    found.push({
      breaker: "tool_breaker",
      reason: `${withoutNul(call.name)} works again after its cooldown`,
      kind: "recover",
    });
  if (step === "opened") {
    found.push({
      breaker: "tool_breaker",
      reason: `${withoutNul(call.name)} failed ${s.fail_max} times in a row: its breaker opened${s.guard_tool_breaker ? "" : LOGGED_ONLY}`,
    });
  }
  if (call.input === null || call.input === undefined) return found;
  const io = digestOf(callKeyOf(call, { repeat_key: "input_output" }).key);
  const base = digestOf(callKeyOf(call, { repeat_key: "input" }).key);
  state.window.push({ base, io, ok: call.ok, subject: subjectLine(call.name, call.input) });
  if (state.window.length > s.repeat_window) state.window.splice(0, state.window.length - s.repeat_window);
  const key = s.repeat_key === "input_output" ? io : base;
  const times = state.window.filter((c) => keyOf(c, s) === key).length;
  if (times >= s.repeat_calls && !state.repeated.includes(key)) {
    state.repeated.push(key);
    found.push({ breaker: "identical_calls", reason: repeatReason(repeatsOf(state, base, s), s) });
  }
  return found;
}

/** The tools whose breaker is open at `tsUs`, and the calls the identical-calls rule would refuse now. */
export function openRules(
  state: GuardState,
  tsUs: number,
  s: CallRuleSettings,
): { tools: string[]; repeating: string[] } {
  const tools = Object.keys(state.tools).filter((t) => isToolBreakerOpen(state.tools[t]!, tsUs, s));
  const seen = new Set<string>();
  const repeating: string[] = [];
  for (const c of state.window) {
    if (seen.has(c.base)) continue;
    seen.add(c.base);
    if (repeatsOf(state, c.base, s).times >= s.repeat_calls) repeating.push(c.subject);
  }
  return { tools, repeating };
}
