// docs/import.md#claude-code: a Claude Code response's tokens count once. One
// API response is written as several assistant lines sharing message.id and
// requestId, each repeating its usage; only the last carries the final
// output_tokens. The 1-hour part of its cache writes is kept in meta so that it
// is priced apart (docs/analysis.md#costs).
//
//   usage-streamed.jsonl (Claude Code 2.1)
//   user prompt
//   msg_01Usage1 (claude-sonnet-4-5)  thinking  out 8 · progress · text  out 8 · tool_use Grep  out 412
//                                     in 3 · cache read 20 000 · cache write 1 500 (5 min) + 2 000 (1 h)
//   tool_result
//   msg_01Usage2 (claude-opus-4-6)    text  out 120 · in 5 · cache read 23 500 · cache write 600 (5 min)
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { StoredSpan } from "@/lib/schemas/records";
import { analyzeImported, importFixture } from "@/tests/support/import";

const TEXT = readFileSync(path.resolve(import.meta.dirname, "../../fixtures/import/claude-code/usage-streamed.jsonl"));
const RUN = "cc-usage";

async function llmSpans() {
  const { records } = await importFixture("claude-code", TEXT, { runId: RUN });
  return records.filter((r): r is StoredSpan => r.type === "span" && r.kind === "llm").sort((a, b) => a.t0Us - b.t0Us);
}

describe("Claude Code usage", () => {
  test("a response written as three lines is one call with its last line's usage", async () => {
    const [first, second, ...rest] = await llmSpans();
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ name: "claude-sonnet-4-5-20250929", tokensIn: 3 + 20_000 + 3500, tokensOut: 412 });
    expect(first?.meta).toMatchObject({
      source_id: "msg_01Usage1",
      request_id: "req_01Usage1",
      input_tokens: 3,
      cache_read_input_tokens: 20_000,
      cache_creation_input_tokens: 3500,
    });
    expect(second).toMatchObject({ name: "claude-opus-4-6", tokensIn: 5 + 23_500 + 600, tokensOut: 120 });
  });

  test("the 1-hour part of the cache writes is kept in meta; a call with none has no key", async () => {
    const [first, second] = await llmSpans();
    expect(first?.meta?.cache_creation_1h_input_tokens).toBe(2000);
    expect(second?.meta).not.toHaveProperty("cache_creation_1h_input_tokens");
  });

  test("the session costs each response once, its 1-hour writes at 2× input", async () => {
    const { records } = await importFixture("claude-code", TEXT, { runId: RUN });
    const report = await analyzeImported(records, RUN);
    // sonnet-4-5: 3 × $3 + 20 000 × $0.30 + 1 500 × $3.75 + 2 000 × $6 + 412 × $15 = $0.029814
    // opus-4-6:   5 × $5 + 23 500 × $0.50 + 600 × $6.25 + 120 × $25 = $0.018525
    expect(report.models.map((m) => [m.model, m.cost_usd, m.price_source])).toEqual([
      ["claude-sonnet-4-5-20250929", 0.029814, "catalog"],
      ["claude-opus-4-6", 0.018525, "catalog"],
    ]);
  });
});
