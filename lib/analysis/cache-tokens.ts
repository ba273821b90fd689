// docs/analysis.md#costs: the part of a call's tokens_in that was read from or
// written to the provider's prompt cache, as its span meta says — so costs.ts
// can price each part at the model's cache_read / cache_write price. One list
// of meta keys per part; the first key holding a number gives it (a negative
// number is 0). The read part is clamped to tokens_in and the write part to
// what the read leaves, so the parts never exceed tokens_in. The database
// source reads the same keys in SQL (db/analysis-totals.ts, held to this rule
// by tests/integration/analysis-sources.test.ts). The 1-hour part of the
// write share (priced apart: costs.ts) is clamped to the write share. O(keys) per call.
// Deliberately never adds to tokens_in: every key listed names a share that
// its source already counts inside the input tokens.

/** Meta keys of the cache-read share of tokens_in, first found wins. */
export const CACHE_READ_KEYS = [
  "cache_read_input_tokens", // Claude Code (docs/import.md#claude-code)
  "cached_input_tokens", // Codex (docs/import.md#codex-cli-sessions)
  "gen_ai.usage.cache_read.input_tokens", // OpenTelemetry GenAI
  "gen_ai.usage.cache_read_input_tokens", // its earlier name
  "llm.token_count.prompt_details.cache_read", // OpenInference
] as const;

/** Meta keys of the cache-write share of tokens_in, first found wins. */
export const CACHE_WRITE_KEYS = [
  "cache_creation_input_tokens", // Claude Code
  "gen_ai.usage.cache_creation.input_tokens", // OpenTelemetry GenAI
  "gen_ai.usage.cache_creation_input_tokens", // its earlier name
  "llm.token_count.prompt_details.cache_write", // OpenInference
] as const;

/** Meta keys of the 1-hour part of the cache-write share (the rest are 5-minute writes). */
export const CACHE_WRITE_1H_KEYS = [
  "cache_creation_1h_input_tokens", // Claude Code: usage.cache_creation.ephemeral_1h_input_tokens
] as const;

/** Tokens of tokens_in read from and written to the cache; read + write ≤ tokens_in. */
export type CacheShares = { read: number; write: number };

/** The first of `keys` whose value is a number, at least 0; 0 when none is. */
function firstCount(meta: Record<string, unknown> | null, keys: readonly string[]): number {
  for (const key of keys) {
    const v = meta?.[key];
    if (typeof v === "number" && Number.isFinite(v)) return Math.max(0, v);
  }
  return 0;
}

/** A call's cache shares of its tokens_in (none without tokens_in). */
export function cacheSharesOf(tokensIn: number | null, meta: Record<string, unknown> | null): CacheShares {
  const total = tokensIn ?? 0;
  const read = Math.min(firstCount(meta, CACHE_READ_KEYS), total);
  const write = Math.min(firstCount(meta, CACHE_WRITE_KEYS), total - read);
  return { read, write };
}

/** The 1-hour part of a call's cache-write share (at most the share). */
export function cacheWrite1hOf(write: number, meta: Record<string, unknown> | null): number {
  return Math.min(firstCount(meta, CACHE_WRITE_1H_KEYS), write);
}
