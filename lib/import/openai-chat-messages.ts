// docs/import.md#openai-chat-runs — one OpenAI chat message read into what
// the step mapper needs: its role, its text, the tool calls an assistant
// message asks for (`tool_calls[{id, function{name, arguments}}]`, the
// arguments parsed from their JSON text, kept raw when they do not parse),
// the call a `tool` message answers (`tool_call_id`), its model, its usage and
// its own time (`timestamp`, `created`, `created_at`: ISO-8601 or epoch seconds,
// epoch milliseconds read as such). A message that is not an object, has no
// `role`, or a tool call without a function name is refused with the path of
// the field, e.g. `traj[5].tool_calls[0].function.name`. O(message).
import { parseTimeUs } from "../time";

type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

export type ChatCall = { id: string | null; name: string; input: unknown };
export type ChatUsage = { input: number; cached: number; output: number; total: number | null };

export type ChatMessage = {
  role: string;
  text: string;
  calls: ChatCall[];
  toolCallId: string | null;
  toolName: string | null;
  model: string | null;
  usage: ChatUsage | null;
  tsUs: number | null;
  /** The message says itself that its tool failed (`is_error: true`, `status: "error"`). */
  flaggedError: boolean;
};

const TIME_KEYS = ["timestamp", "created", "created_at"] as const;
/** A number above this is epoch milliseconds, not seconds (year 5138 in seconds). */
const MS_THRESHOLD = 1e11;

/** A time field: ISO-8601, epoch seconds, or epoch milliseconds. */
export function readTimeUs(v: unknown): number | null {
  return parseTimeUs(typeof v === "number" && v > MS_THRESHOLD ? v / 1000 : v);
}

/** The first of the time keys an object carries. */
export function ownTimeUs(o: Obj, keys: readonly string[] = TIME_KEYS): number | null {
  for (const key of keys) {
    const us = readTimeUs(o[key]);
    if (us !== null) return us;
  }
  return null;
}

/** A content's text: a string, or the `text` of its parts; any other value as JSON. */
export function textOf(content: unknown): string {
  if (content === null || content === undefined) return "";
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (typeof part === "string" ? part : isObj(part) && typeof part.text === "string" ? part.text : ""))
      .filter((t) => t !== "")
      .join("\n");
  }
  return JSON.stringify(content);
}

/** `arguments` is a JSON string; a string that does not parse is kept as it is. */
export function parseArguments(raw: unknown): unknown {
  if (typeof raw !== "string") return raw ?? null;
  if (raw.trim() === "") return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

const count = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v > 0 ? Math.round(v) : 0);

/** Chat Completions usage (`prompt_tokens`, `completion_tokens`, cached share) or the Responses names. */
export function readUsage(u: unknown): ChatUsage | null {
  if (!isObj(u)) return null;
  const details = isObj(u.prompt_tokens_details)
    ? u.prompt_tokens_details
    : isObj(u.input_tokens_details)
      ? u.input_tokens_details
      : {};
  const input = count(u.prompt_tokens ?? u.input_tokens);
  const output = count(u.completion_tokens ?? u.output_tokens);
  if (input + output === 0) return null;
  const total = typeof u.total_tokens === "number" ? u.total_tokens : null;
  return { input, cached: Math.min(count(details.cached_tokens), input), output, total };
}

function readCalls(raw: unknown, path: string): ChatCall[] | string {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) return `${path}: not a list`;
  const calls: ChatCall[] = [];
  for (const [j, call] of raw.entries()) {
    const at = `${path}[${j}]`;
    if (!isObj(call)) return `${at}: not a JSON object`;
    if (!isObj(call.function)) return `${at}.function: missing`;
    const name = str(call.function.name);
    if (name === null) return `${at}.function.name: missing`;
    const id = str(call.id) ?? (typeof call.id === "number" ? String(call.id) : null);
    calls.push({ id, name, input: parseArguments(call.function.arguments) });
  }
  return calls;
}

/** One message, or the reason it cannot be read (naming the field by `path`). */
export function readMessage(v: unknown, path: string): ChatMessage | string {
  if (!isObj(v)) return `${path}: not a JSON object`;
  const role = str(v.role);
  if (role === null) return `${path}.role: missing`;
  const calls = role === "assistant" ? readCalls(v.tool_calls, `${path}.tool_calls`) : [];
  if (typeof calls === "string") return calls;
  return {
    role,
    text: textOf(v.content),
    calls,
    toolCallId: str(v.tool_call_id),
    toolName: str(v.name),
    model: str(v.model),
    usage: readUsage(v.usage),
    tsUs: ownTimeUs(v),
    flaggedError: v.is_error === true || v.status === "error",
  };
}

/** A list of messages, or the reason the first bad one cannot be read. */
export function readMessages(list: unknown[], key: string): ChatMessage[] | string {
  const out: ChatMessage[] = [];
  for (const [i, v] of list.entries()) {
    const m = readMessage(v, `${key}[${i}]`);
    if (typeof m === "string") return m;
    out.push(m);
  }
  return out;
}
