// The ingest pipeline of docs/format.md/docs/api.md without its transport or its database:
// numbered lines (or JSON values) in, validated records out in batches to a
// `writeBatch` sink, per-line errors collected (capped, with a total).
// Memory is O(batch): nothing holds the whole upload (two batches at most). Each batch is written
// whole or not at all by the sink; a sink failure stops the ingest (at the next batch boundary) and is
// rethrown as IngestAbortedError carrying what was already committed.
import type { StoredRecord } from "../schemas/records";
import { createRunAssigner } from "./assign-ids";
import type { Line } from "./line-reader";
import { parseLine, parseRecordValue, type LineError, type ParsedLine } from "./parse-line";

export const MAX_REPORTED_ERRORS = 100;
export const DEFAULT_BATCH_SIZE = 5000;

export type IngestOptions = {
  /** The run for records that name none (`?run_id=`, `X-Loopscope-Run`, `--run`). */
  runId?: string | null;
  batchSize?: number;
  maxErrors?: number;
  writeBatch: (records: StoredRecord[]) => Promise<void>;
};

export type IngestResult = {
  runs: string[];
  accepted: number;
  rejected: number;
  errors: LineError[];
  errors_total: number;
  skipped: number;
};

export class IngestAbortedError extends Error {
  constructor(
    readonly partial: IngestResult,
    readonly cause: unknown,
  ) {
    super(`ingest stopped after ${partial.accepted} stored records: ${(cause as Error)?.message ?? cause}`);
  }
}

/**
 * An item to ingest: a line of text, an element of a JSON array body (or a
 * record an importer mapped, lib/import), a line an importer rejected, or
 * one it skipped on purpose.
 */
export type IngestItem =
  Line | { lineNo: number; value: unknown } | { lineNo: number; error: string } | { lineNo: number; skipped: true };

export async function ingestItems(
  items: AsyncIterable<IngestItem> | Iterable<IngestItem>,
  opts: IngestOptions,
): Promise<IngestResult> {
  const batchSize = opts.batchSize ?? DEFAULT_BATCH_SIZE;
  const maxErrors = opts.maxErrors ?? MAX_REPORTED_ERRORS;
  const assigner = createRunAssigner(opts.runId ?? null);
  const runs = new Set<string>();
  const result: IngestResult = { runs: [], accepted: 0, rejected: 0, errors: [], errors_total: 0, skipped: 0 };
  let batch: StoredRecord[] = [];

  const reject = (line: number, message: string) => {
    result.rejected += 1;
    result.errors_total += 1;
    if (result.errors.length < maxErrors) result.errors.push({ line, message });
  };
  // One write in flight while the next batch is parsed: the database works
  // on batch k (in its own process) while this one validates batch k+1.
  let inFlight: Promise<void> | null = null;
  let failure: { cause: unknown } | null = null;
  const settle = async () => {
    if (inFlight) await inFlight;
    inFlight = null;
    if (failure) {
      result.runs = [...runs];
      throw new IngestAbortedError(result, failure.cause);
    }
  };
  const flush = async () => {
    await settle();
    if (batch.length === 0) return;
    const pending = batch;
    batch = [];
    inFlight = opts.writeBatch(pending).then(
      () => {
        result.accepted += pending.length;
        for (const r of pending) runs.add(r.runId);
      },
      (cause: unknown) => {
        failure = { cause };
      },
    );
  };

  for await (const item of items) {
    if ("tooLongBytes" in item) {
      reject(item.lineNo, `line is ${item.tooLongBytes} bytes, over the limit for one record`);
      continue;
    }
    if ("error" in item) {
      reject(item.lineNo, item.error);
      continue;
    }
    if ("skipped" in item) {
      result.skipped += 1;
      continue;
    }
    let parsed: ParsedLine | null;
    let content: string;
    if ("text" in item) {
      parsed = parseLine(item.text);
      content = item.text;
    } else {
      parsed = parseRecordValue(item.value);
      content = parsed.ok ? JSON.stringify(item.value) : "";
    }
    if (parsed === null) continue;
    if (!parsed.ok) {
      reject(item.lineNo, parsed.message);
      continue;
    }
    batch.push(assigner.assign(parsed.record, content));
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  await settle();
  result.runs = [...runs];
  return result;
}
