// Time on the wire and in the database. docs/format.md: a number is epoch seconds
// (float), a string is ISO-8601 with an offset or `Z`. Internally every time
// is an integer count of epoch microseconds, so microsecond precision
// survives the float and the string forms and durations are exact.

const ISO_RE =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)$/;

/**
 * The times Loopscope keeps (docs/format.md#bad-input): the years 1970–2199, in
 * epoch microseconds. Microseconds stay exact integers in a double up to 2^53 µs
 * (June 2255); the bound is the last round year below that, so every kept time
 * formats, sorts and subtracts exactly, and fits a Postgres timestamptz.
 */
export const MIN_TIME_US = 0;
/** 2199-12-31T23:59:59.999999Z. */
export const MAX_TIME_US = 7_258_118_399_999_999;
const MAX_TIME_S = 7_258_118_400;

/** Epoch microseconds of a wire time, or null when it is not a time or outside MIN_TIME_US–MAX_TIME_US. */
export function parseTimeUs(value: unknown): number | null {
  if (typeof value === "number") {
    if (!(value >= 0 && value < MAX_TIME_S)) return null; // NaN fails too
    return Math.min(Math.round(value * 1e6), MAX_TIME_US);
  }
  const us = parseAnyTimeUs(value);
  return us !== null && us >= MIN_TIME_US && us <= MAX_TIME_US ? us : null;
}

/** Whether a value is a readable time that parseTimeUs refuses only for its range. */
export function isTimeOutOfRange(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value) && parseTimeUs(value) === null;
  return parseAnyTimeUs(value) !== null && parseTimeUs(value) === null;
}

/** An ISO-8601 string's epoch microseconds, any four-digit year; null when it is not one. */
function parseAnyTimeUs(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const canonical = parseCanonicalUs(value);
  if (canonical !== null) return canonical;
  const m = ISO_RE.exec(value.trim());
  if (!m) return null;
  // The regex makes groups 1–5 mandatory.
  const [, y = "", mo = "", d = "", h = "", mi = "", s = "0", frac = "", tz = ""] = m;
  if (+mo < 1 || +mo > 12 || +d < 1 || +d > 31 || +h > 24 || +mi > 59 || +s > 60) return null;
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  const ms = new Date(0).setUTCFullYear(+y, +mo - 1, +d) + ((+h * 60 + +mi) * 60 + +s) * 1000;
  if (Number.isNaN(ms)) return null;
  const fracUs = Math.round(Number(`0.${frac || "0"}`) * 1e6);
  return ms * 1000 + fracUs - offsetMinutes(tz) * 60e6;
}

/**
 * The form formatTimeUs writes (`2026-03-28T14:00:00.123456Z`), read by position:
 * most times on the wire are in it (an export, the OTLP mapping), and the regex
 * costs as much as the rest of a span's checks. The same arithmetic as the general
 * path, so the same answer (tests/unit/time.test.ts); null for anything else.
 */
function parseCanonicalUs(v: string): number | null {
  if (v.length !== 27 || v[26] !== "Z" || v[10] !== "T" || v[19] !== ".") return null;
  if (v[4] !== "-" || v[7] !== "-" || v[13] !== ":" || v[16] !== ":") return null;
  const y = digitsAt(v, 0, 4);
  const mo = digitsAt(v, 5, 7);
  const d = digitsAt(v, 8, 10);
  const h = digitsAt(v, 11, 13);
  const mi = digitsAt(v, 14, 16);
  const s = digitsAt(v, 17, 19);
  const us = digitsAt(v, 20, 26);
  if (y < 0 || mo < 1 || mo > 12 || d < 1 || d > 31 || h < 0 || h > 24 || mi < 0 || mi > 59 || s < 0 || s > 60)
    return null;
  if (us < 0) return null;
  const ms = new Date(0).setUTCFullYear(y, mo - 1, d) + ((h * 60 + mi) * 60 + s) * 1000;
  return Number.isNaN(ms) ? null : ms * 1000 + us;
}

/** The decimal number of v[from, to), or -1 when a character there is not a digit. */
function digitsAt(v: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = v.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

function offsetMinutes(tz: string): number {
  if (tz === "Z" || tz === "z") return 0;
  const sign = tz[0] === "-" ? -1 : 1;
  const digits = tz.slice(1).replace(":", "");
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || "0"));
}

/** ISO-8601 UTC with microseconds: `2026-03-28T14:00:00.123456Z`. */
export function formatTimeUs(us: number): string {
  const ms = Math.floor(us / 1000);
  const micros = us - ms * 1000;
  const iso = new Date(ms).toISOString(); // ...HH:MM:SS.mmmZ
  return `${iso.slice(0, -1)}${String(micros).padStart(3, "0")}Z`;
}

/** Epoch microseconds of a timestamp string as Postgres prints it. */
export function parsePgTimestampUs(value: string | Date): number {
  if (value instanceof Date) return value.getTime() * 1000;
  const us = parseTimeUs(value.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00"));
  if (us === null) throw new Error(`unreadable timestamp from the database: ${value}`);
  return us;
}
