// Runs a fixture through the real import pipeline in memory: bytes →
// lib/import (detection or the given importer) → lib/ingest (validation, run
// and ids) → the placement of transcript iterations — everything an upload
// does except the database. For the importers' unit tests.
import { analyzeRun, type AnalysisReport } from "@/lib/analysis/analyze";
import { buildMemoryInput } from "@/lib/analysis/memory-source";
import { resolveSettings, type AnalysisSettings } from "@/lib/analysis/settings";
import { SHAPE_PROFILES } from "@/lib/analysis/shape-profiles";
import { defaultShapeOf, type RunShape } from "@/lib/schemas/run-outcome";
import { openImport } from "@/lib/import/open-import";
import { placeInMemory } from "@/lib/import/place-iterations";
import type { ImportContext, ImportFormat, Importer } from "@/lib/import/types";
import { ingestItems } from "@/lib/ingest/ingest-stream";
import type { StoredRecord } from "@/lib/schemas/records";

export type ImportedFixture = {
  format: ImportFormat;
  records: StoredRecord[];
  errors: { line: number; message: string }[];
  skipped: number;
  runs: string[];
};

const CTX: ImportContext = { runId: null, endedAtUs: null, fileName: null, live: false };

async function* bytesOf(text: string | Buffer): AsyncGenerator<Uint8Array> {
  yield typeof text === "string" ? Buffer.from(text) : text;
}

/** Import one file's text (or gzip bytes); `importer` forces a format, null detects it. */
export async function importFixture(
  importer: Importer | ImportFormat | null,
  text: string | Buffer,
  ctx: Partial<ImportContext> = {},
): Promise<ImportedFixture> {
  return importFixtures(importer, [{ text, ctx }]);
}

/** Import several files in order, as several uploads into the same store, placing iterations after each. */
export async function importFixtures(
  importer: Importer | ImportFormat | null,
  files: { text: string | Buffer; ctx?: Partial<ImportContext> }[],
): Promise<ImportedFixture> {
  let records: StoredRecord[] = [];
  const out: ImportedFixture = { format: "loopscope", records, errors: [], skipped: 0, runs: [] };
  for (const file of files) {
    const opened = await openImport(bytesOf(file.text), { ...CTX, ...file.ctx }, importer);
    const stored: StoredRecord[] = [];
    const result = await ingestItems(opened.items, {
      runId: file.ctx?.runId ?? null,
      writeBatch: async (batch) => void stored.push(...batch),
    });
    records = placeInMemory([...records, ...stored]);
    out.format = opened.format;
    out.errors.push(...result.errors);
    out.skipped += result.skipped;
    out.runs = [...new Set([...out.runs, ...result.runs])];
  }
  out.records = records;
  return out;
}

/** The shape an imported run is stored with: its run records' (the last one named), else from its iterations. */
export function shapeOfImported(records: StoredRecord[], runId: string): RunShape {
  const own = records.filter((r) => r.runId === runId);
  const named = own.flatMap((r) => (r.type === "run" && r.shape ? [r.shape] : [])).pop();
  return named ?? defaultShapeOf(own.filter((r) => r.type === "iteration").length);
}

/**
 * The analysis report of one imported run, as the server makes it with no
 * project settings: the defaults of the run's shape (docs/analysis.md#profiles),
 * unless settings are given.
 */
export function analyzeImported(
  records: StoredRecord[],
  runId: string,
  settings: AnalysisSettings = resolveSettings(SHAPE_PROFILES[shapeOfImported(records, runId)]),
): Promise<AnalysisReport> {
  return analyzeRun(buildMemoryInput(runId, records), settings);
}
