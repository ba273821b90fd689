// lib/analysis/run-tokens.ts — docs/analysis.md#tokens: a run's Tokens are its
// calls' input + output + cache-write tokens, subagents' included, the cache
// reads apart; its iterations' tokens_used only when no call logs tokens.
import { describe, expect, test } from "vitest";
import {
  cacheReadTokensOf,
  runTokensOf,
  sumRunTokens,
  type RunTokenSums,
  type TokenCall,
} from "@/lib/analysis/run-tokens";

/** A Claude Code model call as the importer writes it: tokens_in = input + cache read + cache write. */
const ccCall = (input: number, cacheWrite: number, cacheRead: number, output: number): TokenCall => ({
  kind: "llm",
  tokensIn: input + cacheRead + cacheWrite,
  tokensOut: output,
  meta: { input_tokens: input, cache_read_input_tokens: cacheRead, cache_creation_input_tokens: cacheWrite },
});
const tokensOf = (spans: TokenCall[], iterations: { tokensUsed: number | null }[] = []) =>
  runTokensOf(sumRunTokens(spans, iterations));

describe("a run's Tokens", () => {
  test("are input + output + cache write; the cache reads are apart", () => {
    expect(tokensOf([ccCall(5, 2100, 11_000, 80)])).toEqual({ tokens: 2185, cacheReadTokens: 11_000 });
  });

  test("count a subagent's calls like the main session's", () => {
    // main: Task call ─┬─ subagent call 1
    //                  └─ subagent call 2      then the main session's answer
    const main = [ccCall(5, 2100, 11_000, 80), ccCall(4, 400, 13_100, 60)];
    const subagent = [ccCall(8, 3900, 0, 40), ccCall(6, 500, 3900, 35)];
    expect(tokensOf([...main, ...subagent])).toEqual({ tokens: 7138, cacheReadTokens: 28_000 });
  });

  test("skip containers: an agent span's usage is its children's", () => {
    const agent: TokenCall = { ...ccCall(9, 2500, 24_100, 140), kind: "agent" };
    expect(tokensOf([agent, ccCall(5, 2100, 11_000, 80)])).toEqual({ tokens: 2185, cacheReadTokens: 11_000 });
  });

  test("are the calls' even when the iterations log tokens_used too", () => {
    // A Claude Code iteration counts the main session only: the calls win.
    expect(tokensOf([ccCall(5, 2100, 11_000, 80)], [{ tokensUsed: 900 }])).toEqual({
      tokens: 2185,
      cacheReadTokens: 11_000,
    });
  });

  test("are the iterations' tokens_used when no call logs tokens", () => {
    const bare: TokenCall = { kind: "tool", tokensIn: null, tokensOut: null, meta: {} };
    expect(tokensOf([bare], [{ tokensUsed: 300 }, { tokensUsed: null }, { tokensUsed: 200 }])).toEqual({
      tokens: 500,
      cacheReadTokens: 0,
    });
  });

  test.each<[string, RunTokenSums, number]>([
    ["calls' tokens less their cache reads", { spanTokens: 1000, spanCacheReadTokens: 600, iterationTokens: 50 }, 400],
    ["all cache reads: 0, not the iterations'", { spanTokens: 600, spanCacheReadTokens: 600, iterationTokens: 50 }, 0],
    ["no call tokens: the iterations'", { spanTokens: 0, spanCacheReadTokens: 0, iterationTokens: 50 }, 50],
    ["nothing logged: 0", { spanTokens: 0, spanCacheReadTokens: 0, iterationTokens: 0 }, 0],
  ])("from the stored sums: %s", (_case, sums, tokens) => {
    expect(runTokensOf(sums).tokens).toBe(tokens);
  });
});

describe("a call's cache reads", () => {
  test.each<[string, number | null, Record<string, unknown> | null, number]>([
    ["Claude Code's key", 1000, { cache_read_input_tokens: 700 }, 700],
    ["Codex's key", 1000, { cached_input_tokens: 300 }, 300],
    ["OpenTelemetry GenAI's key", 1000, { "gen_ai.usage.cache_read.input_tokens": 200 }, 200],
    ["the first key holding a number wins", 1000, { cache_read_input_tokens: "x", cached_input_tokens: 40 }, 40],
    ["at most tokens_in", 100, { cache_read_input_tokens: 700 }, 100],
    ["a negative count is 0", 100, { cache_read_input_tokens: -5 }, 0],
    ["a fractional count is rounded down", 100, { cache_read_input_tokens: 7.9 }, 7],
    ["none without tokens_in", null, { cache_read_input_tokens: 7 }, 0],
    ["none without meta", 100, null, 0],
  ])("%s", (_case, tokensIn, meta, read) => {
    expect(cacheReadTokensOf(tokensIn, meta)).toBe(read);
  });
});
