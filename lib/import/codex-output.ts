// docs/import.md#codex-cli-sessions — reading a Codex tool call's result.
// Codex writes a call's output in three shapes: a JSON string
// `{"output", "metadata": {"exit_code", "duration_seconds"}}` (shell and
// apply_patch), a text with a header (`Exit code: 1` / `Process exited with
// code 1`, `Wall time: …`, then `Output:` and the command's output), or a
// bare message (`exec command rejected by user`, `execution error: …`,
// `aborted`). A call failed when its exit code is not 0, or — where no exit
// code is given — when its first line says it was rejected or failed; a
// rejection by the user or the sandbox is also a permission denial. How long
// the command ran — `duration_seconds`, or a header's `Wall time: N seconds` —
// is kept as `meta.duration_seconds`. Pure; O(output length).
import { cutText, TEXT_CAP_BOUNDS } from "./text-caps";

export type CallOutput = {
  /** The command's own output: the body after the header, or the whole text. */
  body: string;
  exitCode: number | null;
  failed: boolean;
  /** The user or the sandbox refused the call: also a `permission_denied` event. */
  rejected: boolean;
  /** The first line of a failed output (see errorLineOf). */
  errorLine: string | null;
  meta: Record<string, unknown>;
};

const EXIT_CODE_RE = /\b(?:exit code:?|exited with code)\s*(-?\d+)/i;
const WALL_TIME_RE = /^Wall time:\s*(\d+(?:\.\d+)?)\s*s(?:ec(?:ond)?s?)?\b/im;
const REJECTED_RE =
  /\b(?:rejected|declined|denied) by (?:the )?user\b|\bsandbox denied\b|\bdenied by (?:the )?sandbox\b/i;
const FAILED_RE = /^(?:execution error|error|failed|aborted)\b|\bfailed in sandbox\b|\bverification failed\b/i;
/** A line that names the failure: what `errors` keeps rather than a banner such as `running 3 tests`. */
const NAMES_FAILURE_RE =
  /^\s*(?:FAILED\b|ERROR\b|E {2,}\S|error(?:\[\w+\])?:|fatal:|thread '.*' panicked|panicked at|Traceback\b|[\w.]*(?:Error|Exception)\b:?|test result: FAILED)/;

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** The text of an output payload: a string, content items (`[{type, text}]`), or `{content, success}`. */
function textOf(raw: unknown): { text: string; success: boolean | null } {
  if (typeof raw === "string") return { text: raw, success: null };
  if (Array.isArray(raw)) {
    const parts = raw.map((c) => (isObj(c) && typeof c.text === "string" ? c.text : "")).filter((t) => t !== "");
    return { text: parts.join("\n"), success: null };
  }
  if (isObj(raw)) {
    const inner = textOf(raw.content ?? raw.output ?? "");
    return { text: inner.text, success: typeof raw.success === "boolean" ? raw.success : inner.success };
  }
  return { text: "", success: null };
}

const firstLine = (text: string): string => text.split("\n").find((l) => l.trim() !== "") ?? "";

/** Split the harness header (`Exit code`, `Wall time`, …) from the command's output. */
function splitHeader(text: string): { header: string; body: string } {
  const m = /^Output:[ \t]*\r?\n/m.exec(text);
  if (m === null) return { header: text.split("\n", 3).join("\n"), body: text };
  return { header: text.slice(0, m.index), body: text.slice(m.index + m[0].length) };
}

/**
 * The error of a failed output: the first line that names the failure (a
 * panic, `FAILED …`, `error: …`, an exception), else its first line, else
 * the exit code. Test runners open with banners that say nothing.
 */
export function errorLineOf(body: string, exitCode: number | null): string {
  const lines = body.split("\n").map((l) => l.trimEnd());
  const line = lines.find((l) => NAMES_FAILURE_RE.test(l)) ?? lines.find((l) => l.trim() !== "");
  const text = line?.trim() ?? (exitCode !== null ? `exit code ${exitCode}` : "failed");
  return cutText(text, TEXT_CAP_BOUNDS.error_line);
}

/** Read one `*_call_output` payload's `output`. */
export function readCallOutput(raw: unknown): CallOutput {
  const { text, success } = textOf(raw);
  const meta: Record<string, unknown> = {};
  let body = text;
  let exitCode: number | null = null;
  let lead = firstLine(text);
  const json = text.trimStart().startsWith("{") ? parseJson(text) : null;
  if (isObj(json) && typeof json.output === "string") {
    body = json.output;
    lead = firstLine(body);
    const md = isObj(json.metadata) ? json.metadata : {};
    if (typeof md.exit_code === "number") exitCode = md.exit_code;
    if (typeof md.duration_seconds === "number") meta.duration_seconds = md.duration_seconds;
  } else {
    const { header, body: rest } = splitHeader(text);
    const m = EXIT_CODE_RE.exec(header);
    if (m) {
      exitCode = Number(m[1]);
      body = rest;
      const wall = WALL_TIME_RE.exec(header);
      if (wall) meta.duration_seconds = Number(wall[1]);
    }
  }
  if (exitCode !== null) meta.exit_code = exitCode;
  const rejected = REJECTED_RE.test(lead);
  const failed = rejected || success === false || (exitCode !== null ? exitCode !== 0 : FAILED_RE.test(lead.trim()));
  return { body, exitCode, failed, rejected, errorLine: failed ? errorLineOf(body, exitCode) : null, meta };
}

/**
 * When the command itself started: its output's time (`endUs`) less the run
 * time the output reports, never before the call (`callUs`); the call's time
 * when the output reports none.
 */
export function commandStartUs(callUs: number, out: CallOutput | null, endUs: number): number {
  const seconds = out?.meta.duration_seconds;
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0) return callUs;
  return Math.min(Math.max(callUs, endUs - Math.round(seconds * 1_000_000)), endUs);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
