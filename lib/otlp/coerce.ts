// docs/otlp.md — reading OTLP scalars that arrive in more than one form:
// ids as hex (any case) or base64 (some JSON clients), 64-bit nanosecond
// times as decimal strings or numbers, and Claude Code's attribute values,
// where numbers and booleans often come as strings ("30012", "false").

const HEX_RE = /^[0-9a-fA-F]+$/;
const BASE64_RE = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * A trace id (16 bytes) or span id (8 bytes) → lowercase hex, or null when
 * absent, unreadable or all zeros (OTLP's "no parent"). Hex wins when the text
 * is valid hex of the right length; otherwise it is read as base64.
 */
export function normalizeId(value: unknown, bytes: 8 | 16): string | null {
  if (typeof value !== "string" || value === "") return null;
  let hex: string | null = null;
  if (value.length === bytes * 2 && HEX_RE.test(value)) hex = value.toLowerCase();
  else if (BASE64_RE.test(value)) {
    const buf = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (buf.length === bytes) hex = buf.toString("hex");
  }
  if (hex === null || /^0+$/.test(hex)) return null;
  return hex;
}

/** Nanoseconds since the epoch (string or number) → microseconds; null when absent or 0. */
export function nanosToUs(value: unknown): number | null {
  if (typeof value === "number") {
    return Number.isFinite(value) && value > 0 ? Math.floor(value / 1000) : null;
  }
  if (typeof value !== "string" || !/^\d+$/.test(value.trim())) return null;
  const us = BigInt(value.trim()) / 1000n;
  return us > 0n ? Number(us) : null;
}

/** A finite number from a number or a numeric string. */
export function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string" || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** A non-negative integer count (tokens, attempts) from a number or numeric string. */
export function toCount(value: unknown): number | null {
  const n = toNumber(value);
  return n !== null && Number.isInteger(n) && n >= 0 ? n : null;
}

/** An integer (iteration numbers may be any integer; the schema decides). */
export function toInt(value: unknown): number | null {
  const n = toNumber(value);
  return n !== null && Number.isInteger(n) ? n : null;
}

/** A boolean from true/false, "true"/"false" (any case), 1/0. */
export function toBool(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== "string") return null;
  const s = value.trim().toLowerCase();
  if (s === "true" || s === "1") return true;
  if (s === "false" || s === "0") return false;
  return null;
}

/** A non-empty string, or a number/boolean written as one. */
export function toText(value: unknown): string | null {
  if (typeof value === "string") return value === "" ? null : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

/** The first of several keys of an object that holds a usable value. */
export function pick<T>(
  attrs: Record<string, unknown>,
  keys: readonly string[],
  read: (v: unknown) => T | null,
): T | null {
  for (const key of keys) {
    const v = read(attrs[key]);
    if (v !== null) return v;
  }
  return null;
}
