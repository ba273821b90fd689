// The database source must give the same report as the in-memory source (the
// CLI's) — in particular the breaker replay over the filtered span stream and
// the timeout totals computed in SQL, which must follow the pure rule of
// lib/analysis/timeouts.ts (docs/analysis.md#timeouts) to the microsecond.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DbHandle } from "@/db/client";
import { loadAnalysisInput } from "@/db/analysis-source";
import { analyzeRun } from "@/lib/analysis/analyze";
import { buildMemoryInput } from "@/lib/analysis/memory-source";
import { resolveSettings } from "@/lib/analysis/settings";
import { totalTimeouts } from "@/lib/analysis/timeouts";
import { ingestItems } from "@/lib/ingest/ingest-stream";
import { readLines } from "@/lib/ingest/line-reader";
import type { StoredRecord, StoredSpan } from "@/lib/schemas/records";
import { formatTimeUs } from "@/lib/time";
import { synthRunLines } from "@/scripts/bench/synth";
import { targets } from "./support/databases";
import { ingestText } from "./support/ingest";

const TEXT = [...synthRunLines("r-synth", 6000, 7)].join("\n");

async function memoryRecords(text = TEXT): Promise<StoredRecord[]> {
  const out: StoredRecord[] = [];
  await ingestItems(
    readLines(
      (async function* () {
        yield Buffer.from(text);
      })(),
    ),
    { writeBatch: async (b) => void out.push(...b) },
  );
  return out;
}

const T_US = Date.UTC(2026, 0, 5, 9) * 1000;
/** A span of `tool` from `atS` lasting `us` microseconds (exact: times as ISO strings). */
const timed = (id: string, tool: string, atS: number, us: number, kind = "tool") =>
  JSON.stringify({
    run_id: "r-timeouts",
    span_id: id,
    name: tool,
    kind,
    t0: formatTimeUs(T_US + atS * 1e6),
    t1: formatTimeUs(T_US + atS * 1e6 + us),
  });
// http_get, 10 s:     10 s exactly (not cut) | 1 µs over | 12.345678 s | 0.5 s
// constructor, 15 s:  15 s exactly | 15.5 s | 20 s   (a name Object.prototype has)
// chat (llm), 2 s:    3 s                             (llm spans are calls too)
// a 100 s agent span named http_get is a container, not a call; quiet never exceeds
const TIMEOUT_TEXT = [
  timed("h1", "http_get", 0, 10_000_000),
  timed("h2", "http_get", 20, 10_000_001),
  timed("h3", "http_get", 40, 12_345_678),
  timed("h4", "http_get", 60, 500_000),
  timed("c1", "constructor", 0, 15_000_000),
  timed("c2", "constructor", 20, 15_500_000),
  timed("c3", "constructor", 40, 20_000_000),
  timed("l1", "chat", 0, 3_000_000, "llm"),
  timed("a1", "http_get", 0, 100_000_000, "agent"),
  timed("q1", "quiet", 0, 1_000_000),
].join("\n");
const TIMEOUT_LIMITS_S = { http_get: 10, constructor: 15, chat: 2, quiet: 8 };

describe.each(targets)("database and memory sources agree on $name", (target) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await target.open();
    await ingestText(h.db, TEXT, { batchSize: 1000 });
  });
  afterAll(async () => {
    await h?.close();
  });

  test.each([
    ["defaults", {}],
    ["a short cooldown and fail_max 2", { cool_s: 2, fail_max: 2 }],
    ["a long cooldown", { cool_s: 600 }],
    ["tight timeouts", { default_timeout_s: 1, timeouts: { http_get: 0.5 } }],
  ])("%s", async (_name, overrides) => {
    const settings = resolveSettings(overrides);
    const fromDb = await analyzeRun((await loadAnalysisInput(h.db, "r-synth"))!, settings);
    const fromMemory = await analyzeRun(buildMemoryInput("r-synth", await memoryRecords()), settings);
    expect(fromDb.tool_breakers.length).toBeGreaterThan(0);
    expect(fromDb).toEqual(fromMemory);
  });
});

describe.each(targets)("the timeout totals in SQL follow the pure rule on $name", (target) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await target.open();
    await ingestText(h.db, TIMEOUT_TEXT);
  });
  afterAll(async () => {
    await h?.close();
  });

  test("same calls, same totals: strictly over the limit, excess in whole microseconds", async () => {
    const records = await memoryRecords(TIMEOUT_TEXT);
    const calls = (tool: string) =>
      records.filter(
        (r): r is StoredSpan => r.type === "span" && r.name === tool && (r.kind === "tool" || r.kind === "llm"),
      );
    const byRule = Object.fromEntries(
      Object.entries(TIMEOUT_LIMITS_S)
        .map(([tool, s]) => [tool, totalTimeouts(calls(tool), s)] as const)
        .filter(([, t]) => t.exceeded > 0),
    );
    expect(byRule).toEqual({
      http_get: { exceeded: 2, excessMs: 2_345.679 },
      constructor: { exceeded: 2, excessMs: 5_500 },
      chat: { exceeded: 1, excessMs: 1_000 },
    });
    const input = await loadAnalysisInput(h.db, "r-timeouts");
    expect(await input?.timeoutTotals(TIMEOUT_LIMITS_S)).toEqual(byRule);
    expect(await buildMemoryInput("r-timeouts", records).timeoutTotals(TIMEOUT_LIMITS_S)).toEqual(byRule);
  });
});
