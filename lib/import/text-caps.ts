// docs/import.md#text-caps — how much text an imported record keeps, per
// field: a turn's prompt, a model call's reply, a call's input (each string
// in it), a tool's result head and an error line. One schema with the
// defaults and the hard bounds (a cap may lower a bound, never pass it: the
// span output is stored up to 2 000 characters whatever the importer keeps,
// docs/format.md#span), and one parser of the `field=characters,…` text that
// LOOPSCOPE_TEXT_CAPS and `loopscope analyze --text-caps` give. Importers
// keep at most the bound while they read (so a 1 MB line is never carried
// whole); open-import.ts applies the configured caps to every record they
// yield (cap-records.ts). Pure; the parser is O(spec length).
import { z } from "zod";
import { SPAN_OUTPUT_MAX_CHARS } from "../schemas/records";
import { MAX_FIELD_CHARS } from "../schemas/storable";

export const TEXT_CAP_FIELDS = ["prompt", "reply", "tool_input", "tool_output", "error_line"] as const;
export type TextCapField = (typeof TEXT_CAP_FIELDS)[number];

/** The caps when none is configured, in characters (UTF-16 units). */
export const TEXT_CAP_DEFAULTS: Readonly<Record<TextCapField, number>> = {
  prompt: 4000,
  reply: SPAN_OUTPUT_MAX_CHARS,
  tool_input: 8000,
  tool_output: SPAN_OUTPUT_MAX_CHARS,
  error_line: 500,
};

/** The most a cap may be: what a record can hold (docs/format.md#what-the-database-holds), or one line's worth. */
export const TEXT_CAP_BOUNDS: Readonly<Record<TextCapField, number>> = {
  prompt: MAX_FIELD_CHARS,
  reply: SPAN_OUTPUT_MAX_CHARS,
  tool_input: MAX_FIELD_CHARS,
  tool_output: SPAN_OUTPUT_MAX_CHARS,
  error_line: SPAN_OUTPUT_MAX_CHARS,
};

const WHY_BOUND: Record<TextCapField, string> = {
  prompt: "the most one field of a record holds",
  reply: "a span's output is stored up to that (docs/format.md#span)",
  tool_input: "the most one field of a record holds",
  tool_output: "a span's output is stored up to that (docs/format.md#span)",
  error_line: "an error line is one line, kept like an output head",
};

const cap = (field: TextCapField) =>
  z
    .int(`${field} must be a whole number of characters`)
    .min(1, `${field} must be at least 1 character`)
    .max(TEXT_CAP_BOUNDS[field], `${field} may be at most ${TEXT_CAP_BOUNDS[field]} characters: ${WHY_BOUND[field]}`)
    .default(TEXT_CAP_DEFAULTS[field]);

export const TextCaps = z.strictObject({
  prompt: cap("prompt"),
  reply: cap("reply"),
  tool_input: cap("tool_input"),
  tool_output: cap("tool_output"),
  error_line: cap("error_line"),
});
export type TextCaps = z.output<typeof TextCaps>;

export const DEFAULT_TEXT_CAPS: TextCaps = TextCaps.parse({});

/** A text-caps setting that cannot be used; the message names the field. */
export class TextCapsError extends Error {
  override name = "TextCapsError";
}

const isField = (key: string): key is TextCapField => (TEXT_CAP_FIELDS as readonly string[]).includes(key);

/**
 * `prompt=8000,tool_output=1500` → the caps, the fields it does not name at
 * their defaults; empty or unset: the defaults. Throws a TextCapsError naming
 * the first bad field: an unknown one, a value that is not a whole number, or
 * one past its bound.
 */
export function parseTextCaps(spec: string | null | undefined): TextCaps {
  const given: Partial<Record<TextCapField, number>> = {};
  for (const entry of (spec ?? "").split(",")) {
    if (entry.trim() === "") continue;
    const eq = entry.indexOf("=");
    const key = (eq < 0 ? entry : entry.slice(0, eq)).trim();
    if (eq < 0) throw new TextCapsError(`text caps: "${key}" is not field=characters`);
    if (!isField(key))
      throw new TextCapsError(`text caps: unknown field "${key}" (the fields: ${TEXT_CAP_FIELDS.join(", ")})`);
    const raw = entry.slice(eq + 1).trim();
    if (!/^\d+$/.test(raw))
      throw new TextCapsError(`text caps: ${key} must be a whole number of characters, got "${raw}"`);
    given[key] = Number(raw);
  }
  const parsed = TextCaps.safeParse(given);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new TextCapsError(`text caps: ${issue.message}, got ${String(given[issue.path[0] as TextCapField])}`);
}

/** `text` cut to `max` characters, never between the halves of a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}
