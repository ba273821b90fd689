// docs/import.md#mini-swe-agent-trajectories — one observation of
// mini-swe-agent: `<returncode>N</returncode>` then `<output>…</output>`
// (or, for a long output, a `<warning>` and `<output_head>` / `<elided_chars>` /
// `<output_tail>`), in mini-swe-agent 2 with `extra.returncode`,
// `extra.raw_output` and `extra.exception_info`; a command that ran out of
// time is answered by the timeout template (`… timed out and has been
// killed`). A command failed when its return code is not 0, when it raised
// (an `<exception>`), or when it timed out; its error is the output's line
// that names the failure (trajectory-output.ts), and the output's head is
// what the span keeps. An observation of none of these shapes (the
// submission text that answers the final command) is a success with that
// text as its output. Pure; O(observation length).
import { failureLineOf } from "./trajectory-output";
import { num, str } from "./trajectory-run";
import type { MiniMessage } from "./mini-swe-agent-steps";
import { cutText, TEXT_CAP_BOUNDS } from "./text-caps";

export type MiniObservation = {
  ok: boolean;
  error: string;
  /** The command's own output: inside `<output>`, or the head and the tail of a long one. */
  output: string;
  meta: Record<string, unknown>;
};

export const TIMEOUT_ERROR = "the command timed out and was killed";
const TIMEOUT_RE = /\btimed out and has been killed\b/;

const tag = (text: string, name: string): string | null => {
  const m = new RegExp(`<${name}>\\n?([\\s\\S]*?)</${name}>`).exec(text);
  return m !== null ? (m[1] ?? "") : null;
};

/** The command's output inside the observation's tags; the whole text when it has none. */
function outputOf(text: string): string {
  const whole = tag(text, "output");
  if (whole !== null) return whole;
  const head = tag(text, "output_head");
  const tail = tag(text, "output_tail");
  if (head === null && tail === null) return text;
  const elided = tag(text, "elided_chars")?.trim();
  return [head ?? "", elided ? `[… ${elided} …]` : "[…]", tail ?? ""].join("\n");
}

export function readMiniObservation(m: MiniMessage): MiniObservation {
  const rcTag = /<returncode>\s*(-?\d+)\s*<\/returncode>/.exec(m.text);
  const exitCode = num(m.extra.returncode) ?? (rcTag !== null ? Number(rcTag[1]) : null);
  const exception = str(m.extra.exception_info) ?? str(tag(m.text, "exception"));
  const timedOut = TIMEOUT_RE.test(m.text) && exitCode === null;
  const output = typeof m.extra.raw_output === "string" && rcTag === null ? m.extra.raw_output : outputOf(m.text);
  const ok = !timedOut && exception === null && (exitCode === null || exitCode === 0);
  const exceptionLine = exception !== null ? (exception.split("\n")[0] ?? "").slice(0, 300) : null;
  let error = "";
  if (timedOut) error = TIMEOUT_ERROR;
  else if (!ok)
    error = exceptionLine !== null && output.trim() === "" ? exceptionLine : failureLineOf(output, exitCode);
  const meta = {
    ...(exitCode !== null ? { exit_code: exitCode } : {}),
    ...(exception !== null ? { exception: exception.slice(0, 300) } : {}),
  };
  return { ok, error, output: cutText(output, TEXT_CAP_BOUNDS.tool_output), meta };
}
