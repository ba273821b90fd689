// The database source must give the same report as the in-memory source (the
// CLI's) — in particular the breaker replay over the filtered span stream and
// the timeout totals computed in SQL.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DbHandle } from "@/db/client";
import { loadAnalysisInput } from "@/db/analysis-source";
import { analyzeRun } from "@/lib/analysis/analyze";
import { buildMemoryInput } from "@/lib/analysis/memory-source";
import { resolveSettings } from "@/lib/analysis/settings";
import { ingestItems } from "@/lib/ingest/ingest-stream";
import { readLines } from "@/lib/ingest/line-reader";
import type { StoredRecord } from "@/lib/schemas/records";
import { synthRunLines } from "@/scripts/bench/synth";
import { targets } from "./support/databases";
import { ingestText } from "./support/ingest";

const TEXT = [...synthRunLines("r-synth", 6000, 7)].join("\n");

async function memoryRecords(): Promise<StoredRecord[]> {
  const out: StoredRecord[] = [];
  await ingestItems(
    readLines(
      (async function* () {
        yield Buffer.from(TEXT);
      })(),
    ),
    { writeBatch: async (b) => void out.push(...b) },
  );
  return out;
}

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
