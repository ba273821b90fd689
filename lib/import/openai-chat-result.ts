// docs/import.md#openai-chat-runs — whether a `tool` message's content says
// its call failed. Chat logs carry no exit code, so the rule reads the text
// and is deliberately conservative: a result fails only when it opens with
// `Error` / `error:` / `Exception`, is a Python traceback or opens with an
// exception (`ValueError: …`), or is a JSON object with a non-empty `error`;
// or when the message flags itself (`is_error: true`, `status: "error"`).
// A result that merely mentions an error, or `{"error": null}`, is a success.
// The error kept is the first line; for a traceback, its last line (the
// exception), so the same failure gives the same line. O(content).
import { isObj } from "./openai-chat-messages";
import { cutText, TEXT_CAP_BOUNDS } from "./text-caps";

const ERROR_START_RE = /^(?:error|exception)(?:\s*:|\s|$)/i;
const EXCEPTION_RE = /^[A-Za-z_][\w.]*(?:Error|Exception)(?::|$)/;
const TRACEBACK_RE = /^Traceback \(most recent call last\):/;

const firstLine = (text: string): string =>
  cutText(
    text
      .split("\n")
      .map((l) => l.trim())
      .find((l) => l !== "") ?? "",
    TEXT_CAP_BOUNDS.error_line,
  );

const lastLine = (text: string): string =>
  cutText(
    text
      .split("\n")
      .map((l) => l.trim())
      .findLast((l) => l !== "") ?? "",
    TEXT_CAP_BOUNDS.error_line,
  );

/** A JSON object's `error`, when it has a non-empty one: its message, else its JSON. */
function jsonError(text: string): string | null {
  if (!text.startsWith("{")) return null;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObj(v) || !("error" in v)) return null;
  const e = v.error;
  if (e === null || e === false || e === "" || e === undefined) return null;
  if (typeof e === "string") return firstLine(e) || "error";
  if (isObj(e) && typeof e.message === "string" && e.message !== "") return firstLine(e.message);
  return cutText(JSON.stringify(e), TEXT_CAP_BOUNDS.error_line);
}

/** The error line of a failed result; null when the result reads as a success. */
export function toolErrorOf(text: string, flagged: boolean): string | null {
  const t = text.trim();
  if (TRACEBACK_RE.test(t)) return lastLine(t);
  const first = firstLine(t);
  if (ERROR_START_RE.test(first) || EXCEPTION_RE.test(first)) return first;
  const fromJson = jsonError(t);
  if (fromJson !== null) return fromJson;
  return flagged ? first || "error" : null;
}
