// What the database holds, as validation rules (docs/format.md#what-the-database-holds): every
// value of a record must fit the Postgres column it lands in, so a batch write
// never fails on one bad record. Strings (text and jsonb alike) may not hold
// NUL (U+0000), which Postgres refuses; a lone UTF-16 surrogate, which Postgres
// refuses too but is only a broken character, becomes U+FFFD — what any UTF-8
// encoder does with it. JSON values nest at most MAX_JSON_DEPTH deep and each
// top-level field holds at most MAX_FIELD_CHARS. One walk per record, O(its
// size), allocating nothing unless it finds something; paths are built only
// for the reply. Numeric bounds are zod's own (records.ts: z.int32 for int4
// columns, the maxima below); this file does not parse or normalise.
import type { z } from "zod";

/** Token counts (bigint columns): a 5 000-record batch of them still sums exactly in a double. */
export const MAX_TOKENS = 1e12;
/** A span's duration_ms: about 31 years. */
export const MAX_DURATION_MS = 1e12;
/** A call's cost_usd. */
export const MAX_COST_USD = 1e9;
/** Ids: characters, and UTF-8 bytes so that the primary keys and indexes over them fit a Postgres index row. */
export const ID_MAX = 512;
/** A span's name: characters, and UTF-8 bytes (it is indexed with the run and span ids). */
export const NAME_MAX_CHARS = 1000;
export const NAME_MAX_BYTES = 1500;
export const MAX_JSON_DEPTH = 64;
/** Characters of one top-level field (strings and keys, plus one per value): as much as a line may hold. */
export const MAX_FIELD_CHARS = 16 * 1024 * 1024;

export const NUL_MESSAGE = "contains a NUL character (\\u0000), which the database cannot store";
const NUL_KEY_MESSAGE = "has a key with a NUL character (\\u0000), which the database cannot store";
const DEPTH_MESSAGE = `is nested more than ${MAX_JSON_DEPTH} levels deep`;
const SIZE_MESSAGE = `holds more than ${MAX_FIELD_CHARS / 1048576} MiB of JSON`;

type Problem = { path: (string | number)[]; message: string };

/** Whether a string holds no NUL: what a text column or jsonb string accepts. */
export function hasNoNul(s: string): boolean {
  return s.indexOf("\u0000") === -1;
}

/** A message that quotes input, made storable: NUL spelled `\u0000`, lone surrogates U+FFFD. */
export function storableText(s: string): string {
  const text = hasNoNul(s) ? s : s.replaceAll("\u0000", "\\u0000");
  return isWellFormed(text) ? text : toWellFormed(text);
}

/** An id as records store it (lone surrogates repaired), or null when no record could carry it. */
export function storableId(s: string): string | null {
  const id = isWellFormed(s) ? s : toWellFormed(s);
  return id.length >= 1 && id.length <= ID_MAX && hasNoNul(id) && fitsUtf8Bytes(id, ID_MAX) ? id : null;
}

/** At most `max` bytes once encoded as UTF-8 (counted only when the length could exceed it). */
export function fitsUtf8Bytes(s: string, max: number): boolean {
  return s.length * 3 <= max || utf8Length(s) <= max;
}

function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) n += c >= 0x800 && (c < 0xd800 || c > 0xdfff) ? 2 : 1;
  }
  return n;
}

// String#isWellFormed / #toWellFormed (ES2024: Node 20, current browsers), with a regex where absent.
type WellFormed = { isWellFormed?: () => boolean; toWellFormed?: () => string };
const LONE_SURROGATE = "[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]";
const HAS_LONE_SURROGATE = new RegExp(LONE_SURROGATE);
const LONE_SURROGATES = new RegExp(LONE_SURROGATE, "g");

function isWellFormed(s: string): boolean {
  const f = (s as unknown as WellFormed).isWellFormed;
  return f ? f.call(s) : !HAS_LONE_SURROGATE.test(s);
}

function toWellFormed(s: string): string {
  const f = (s as unknown as WellFormed).toWellFormed;
  return f ? f.call(s) : s.replace(LONE_SURROGATES, "\ufffd");
}

/** The shortest string whose UTF-8 bytes may pass a limit of the byteLimits below. */
const SHORTEST_OVER_BYTES = Math.floor(Math.min(ID_MAX, NAME_MAX_BYTES) / 3);

/**
 * Whether a line of JSON text can hold neither NUL nor a lone surrogate: JSON
 * writes both only as `\u` escapes (a raw control character is not JSON), and
 * a well-formed text has no raw lone surrogate. Two native scans of the line
 * spare the per-string scans of `storableRecord(…, { strings: false })`.
 */
export function isEscapeFree(text: string): boolean {
  return text.indexOf("\\u") === -1 && isWellFormed(text);
}

/**
 * A zod check for a whole record (after its shape): each field storable, lone
 * surrogates repaired in place, the fields of `byteLimits` within their UTF-8
 * bytes (indexed columns). Reports the first problem, with its path. One check
 * per record rather than one refinement per field: this is the ingest hot loop.
 * `strings: false` skips the NUL and surrogate scans, for a record parsed from
 * text that isEscapeFree.
 */
export function storableRecord(byteLimits: Readonly<Record<string, number>>, { strings = true } = {}) {
  const limits = new Map(Object.entries(byteLimits));
  return (payload: z.core.ParsePayload<Record<string, unknown>>): void => {
    const record = payload.value;
    let renamed: [string, string][] | null = null;
    for (const key in record) {
      const value = record[key];
      if (typeof value === "string") {
        if (strings && !hasNoNul(value)) return report(payload, { path: [key], message: NUL_MESSAGE });
        if (strings && !isWellFormed(value)) record[key] = toWellFormed(value);
        const max = value.length > SHORTEST_OVER_BYTES ? limits.get(key) : undefined;
        if (max !== undefined && !fitsUtf8Bytes(record[key] as string, max))
          return report(payload, { path: [key], message: `must be at most ${max} bytes long in UTF-8` });
      } else if (typeof value === "object" && value !== null) {
        const state = { chars: 0, strings };
        const problem = checkJson(value as Container, 1, state);
        if (problem) return report(payload, { path: [key, ...problem.path], message: problem.message });
        if (state.chars > MAX_FIELD_CHARS) return report(payload, { path: [key], message: SIZE_MESSAGE });
      }
      if (!strings) continue;
      if (!hasNoNul(key)) return report(payload, { path: [], message: NUL_KEY_MESSAGE });
      if (!isWellFormed(key)) (renamed ??= []).push([key, toWellFormed(key)]);
    }
    if (renamed) renameKeys(record, renamed);
  };
}

function report(payload: z.core.ParsePayload<Record<string, unknown>>, problem: Problem): void {
  payload.issues.push({ code: "custom", input: payload.value, path: problem.path, message: problem.message });
}

type Container = Record<string, unknown> | unknown[];
type WalkState = { chars: number; strings: boolean };

/** Walk one JSON value: the first problem (path relative to `node`), or null. Repairs surrogates in place. */
function checkJson(node: Container, depth: number, state: WalkState): Problem | null {
  if (depth > MAX_JSON_DEPTH) return { path: [], message: DEPTH_MESSAGE };
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i += 1) {
      const problem = checkMember(node, i, node[i], depth, state);
      if (problem) return problem;
    }
    return null;
  }
  let renamed: [string, string][] | null = null;
  for (const key in node) {
    state.chars += key.length;
    if (state.strings && !hasNoNul(key)) return { path: [], message: NUL_KEY_MESSAGE };
    const problem = checkMember(node, key, node[key], depth, state);
    if (problem) return problem;
    if (state.strings && !isWellFormed(key)) (renamed ??= []).push([key, toWellFormed(key)]);
  }
  if (renamed) renameKeys(node, renamed);
  return null;
}

function checkMember(
  parent: Container,
  key: string | number,
  value: unknown,
  depth: number,
  state: WalkState,
): Problem | null {
  state.chars += 1;
  if (typeof value === "string") {
    state.chars += value.length;
    if (!state.strings) return null;
    if (!hasNoNul(value)) return { path: [key], message: NUL_MESSAGE };
    if (!isWellFormed(value)) (parent as Record<string | number, unknown>)[key] = toWellFormed(value);
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const problem = checkJson(value as Container, depth + 1, state);
  if (problem) problem.path.unshift(key);
  return problem;
}

/** Keys with lone surrogates, repaired (jsonb keeps no key order, so moving them last changes nothing). */
function renameKeys(node: Record<string, unknown>, renamed: [string, string][]): void {
  for (const [from, to] of renamed) {
    const value = node[from];
    delete node[from];
    node[to] = value;
  }
}
