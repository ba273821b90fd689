// docs/import.md#text-caps — the configured text caps applied to a record an
// importer yields, in one place for every foreign format (open-import.ts): an
// iteration's `prompt` (cut at a word, conversation.ts) and `errors`, a
// span's `output` (`reply` for an llm span, `tool_output` for any other),
// `error` and `input`. An input keeps its shape: each string in it is cut to
// `tool_input` characters, ending in "…"; an input that is still more than
// INPUT_TOTAL_FACTOR times that (thousands of short values) is kept as the
// head of its JSON text instead, so no input is stored whole past its cap.
// Loopscope JSONL is stored as written and never passes here. Copies only
// what it cuts; O(record size), iterative (inputs nest deep).
import { cutText, type TextCaps } from "./text-caps";
import { promptTextOf } from "./transcript/conversation";
import type { WireRecord } from "./types";

/** How many times `tool_input` the strings and keys of one input may add up to before it is kept as JSON text. */
export const INPUT_TOTAL_FACTOR = 4;

const ELLIPSIS = "…";

type Obj = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Obj =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** A string cut to `max` with a "…" that counts, or as it is. */
function cutWithEllipsis(s: string, max: number): string {
  return s.length <= max ? s : `${cutText(s, Math.max(0, max - ELLIPSIS.length))}${ELLIPSIS}`;
}

/**
 * A call's input with each string cut to `max` characters; the head
 * of its JSON text when its strings still add up to more than INPUT_TOTAL_FACTOR × max.
 */
export function capInput(input: unknown, max: number): unknown {
  if (typeof input === "string") return cutWithEllipsis(input, max);
  if (typeof input !== "object" || input === null) return input;
  let total = 0;
  const cut = (v: unknown): unknown => {
    if (typeof v !== "string") return v;
    const s = cutWithEllipsis(v, max);
    total += s.length;
    return s;
  };
  const root: unknown = Array.isArray(input) ? [...input] : { ...(input as Obj) };
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) node[i] = copyOrCut(node[i], cut, stack);
    } else if (isPlainObject(node)) {
      for (const key of Object.keys(node)) {
        total += key.length;
        node[key] = copyOrCut(node[key], cut, stack);
      }
    }
  }
  return total > INPUT_TOTAL_FACTOR * max ? cutWithEllipsis(JSON.stringify(root), max) : root;
}

/** A child: an array or object copied and queued for the walk, a string cut, anything else as it is. */
function copyOrCut(v: unknown, cut: (v: unknown) => unknown, stack: unknown[]): unknown {
  if (Array.isArray(v)) {
    const copy = [...v];
    stack.push(copy);
    return copy;
  }
  if (isPlainObject(v)) {
    const copy = { ...v };
    stack.push(copy);
    return copy;
  }
  return cut(v);
}

const textOf = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v));

/** The record with its texts cut to the caps; the same object when it has none of those fields. */
export function capRecord(record: WireRecord, caps: TextCaps): WireRecord {
  if (record.type === "span") {
    const r: Obj = { ...record };
    if (r.input !== undefined && r.input !== null) r.input = capInput(r.input, caps.tool_input);
    if (r.output !== undefined && r.output !== null)
      r.output = cutText(textOf(r.output), r.kind === "llm" ? caps.reply : caps.tool_output);
    if (typeof r.error === "string") r.error = cutText(r.error, caps.error_line);
    return r as WireRecord;
  }
  if (record.type === "iteration") {
    const r: Obj = { ...record };
    if (typeof r.prompt === "string") {
      const prompt = promptTextOf(r.prompt, caps.prompt);
      if (prompt === null) delete r.prompt;
      else r.prompt = prompt;
    }
    if (Array.isArray(r.errors))
      r.errors = r.errors.map((e) => (typeof e === "string" ? cutText(e, caps.error_line) : e));
    return r as WireRecord;
  }
  return record;
}
