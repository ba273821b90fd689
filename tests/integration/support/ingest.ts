// Ingest a file or a string through the real pipeline into a database.
import { createReadStream } from "node:fs";
import path from "node:path";
import type { Db } from "@/db/client";
import { writeBatch } from "@/db/ingest-writer";
import { ingestItems, type IngestOptions } from "@/lib/ingest/ingest-stream";
import { maybeGunzip, readLines } from "@/lib/ingest/line-reader";

/** The repository's example runs (examples/README.md says what each holds). */
export const EXAMPLES = path.resolve(import.meta.dirname, "../../..", "examples");

/** A run's running span totals as a test reads them back from `runs` (times formatted by its query). */
export type RunSpanTotals = {
  span_count: number;
  failure_count: number;
  span_tokens: number;
  cost_usd: number;
  first_at: string;
  last_at: string;
};

export function ingestFile(db: Db, path: string, opts: Partial<IngestOptions> = {}) {
  return ingestItems(readLines(maybeGunzip(createReadStream(path))), { writeBatch: (b) => writeBatch(db, b), ...opts });
}

export function ingestText(db: Db, text: string, opts: Partial<IngestOptions> = {}) {
  async function* source() {
    yield Buffer.from(text);
  }
  return ingestItems(readLines(source()), { writeBatch: (b) => writeBatch(db, b), ...opts });
}
