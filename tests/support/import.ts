// Runs a fixture through the real import pipeline in memory: bytes →
// lib/import (detection or the given importer) → lib/ingest (validation, run
// and ids) → the placement of transcript iterations — everything an upload
// does except the database. For the importers' unit tests.
import { analyzeRun, type AnalysisReport } from "@/lib/analysis/analyze";
import { buildMemoryInput } from "@/lib/analysis/memory-source";
import { DEFAULT_SETTINGS, type AnalysisSettings } from "@/lib/analysis/settings";
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

/** The analysis report of one imported run, with default settings unless given. */
export function analyzeImported(
  records: StoredRecord[],
  runId: string,
  settings: AnalysisSettings = DEFAULT_SETTINGS,
): Promise<AnalysisReport> {
  return analyzeRun(buildMemoryInput(runId, records), settings);
}
