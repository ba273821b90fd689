// The ingest pipeline of docs/format.md/docs/api.md without its transport or its database:
// numbered lines (or JSON values) in, validated records out in batches to a
// `writeBatch` sink, per-line errors collected (capped, with a total).
// Memory is O(batch): nothing holds the whole upload (two batches at most). Each batch is written
// whole or not at all by the sink; a sink failure stops the ingest (at the next batch boundary) and is
// rethrown as IngestAbortedError carrying what was already committed. So is a failure of the
// source (a body over the size cap, a broken gzip), once the records read before it are stored.
// A sink may refuse single records of a batch (the database refused them: docs/format.md#bad-input);
// each batch carries its records' line numbers alongside, so those are rejected by line.
import type { BatchWriteOutcome, StoredRecord } from "../schemas/records";
import { storableText } from "../schemas/storable";
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
  /** Store a batch; resolves with the records it refused (by index in the batch), if any. */
  writeBatch: (records: StoredRecord[]) => Promise<BatchWriteOutcome>;
};

export type IngestResult = {
  runs: string[];
  accepted: number;
  /** Accepted records that added something not stored before: 0 for a re-upload (docs/api.md#ingest). */
  stored: number;
  rejected: number;
  errors: LineError[];
  errors_total: number;
  skipped: number;
  /** The skipped lines by what they were (an importer's `kind`; `other` when it names none). */
  skipped_by_type: Record<string, number>;
};

export class IngestAbortedError extends Error {
  constructor(
    readonly partial: IngestResult,
    readonly cause: unknown,
    /** Where it failed: writing a batch (the sink), or reading the items (the source). */
    readonly stage: "write" | "read" = "write",
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
  | Line
  | { lineNo: number; value: unknown }
  | { lineNo: number; error: string }
  | { lineNo: number; skipped: true; kind?: string };

export async function ingestItems(
  items: AsyncIterable<IngestItem> | Iterable<IngestItem>,
  opts: IngestOptions,
): Promise<IngestResult> {
  const batchSize = opts.batchSize ?? DEFAULT_BATCH_SIZE;
  const maxErrors = opts.maxErrors ?? MAX_REPORTED_ERRORS;
  const assigner = createRunAssigner(opts.runId ?? null);
  const runs = new Set<string>();
  const result = emptyIngestResult();
  let batch: StoredRecord[] = [];
  /** The line number of each record of `batch`, index for index. */
  let batchLines: number[] = [];

  // In the order found: a record the database refused is reported when its batch is written.
  const reject = (line: number, message: string) => {
    result.rejected += 1;
    result.errors_total += 1;
    if (result.errors.length < maxErrors) result.errors.push({ line, message: storableText(message) });
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
    const lines = batchLines;
    batch = [];
    batchLines = [];
    inFlight = opts.writeBatch(pending).then(
      (outcome) => {
        const refused = new Set<number>();
        for (const r of outcome?.refused ?? []) {
          refused.add(r.index);
          reject(lines[r.index] ?? 0, r.reason);
        }
        result.accepted += pending.length - refused.size;
        result.stored += outcome?.stored ?? pending.length - refused.size;
        for (let i = 0; i < pending.length; i += 1) if (!refused.has(i)) runs.add(pending[i]!.runId);
      },
      (cause: unknown) => {
        failure = { cause };
      },
    );
  };

  try {
    for await (const item of items) if (take(item)) await flush();
  } catch (err) {
    if (err instanceof IngestAbortedError) throw err;
    // The records read before the failure are stored; a failed write wins: the client must hear of it.
    await flush();
    await settle();
    result.runs = [...runs];
    throw new IngestAbortedError(result, err, "read");
  }
  await flush();
  await settle();
  result.runs = [...runs];
  return result;

  /** Validate one item into the batch; true when the batch is full. */
  function take(item: IngestItem): boolean {
    if ("tooLongBytes" in item) {
      reject(item.lineNo, `line is ${item.tooLongBytes} bytes, over the limit for one record`);
      return false;
    }
    if ("error" in item) {
      reject(item.lineNo, item.error);
      return false;
    }
    if ("skipped" in item) {
      result.skipped += 1;
      const kind = item.kind ?? "other";
      result.skipped_by_type[kind] = (result.skipped_by_type[kind] ?? 0) + 1;
      return false;
    }
    let parsed: ParsedLine | null;
    let contentOf: () => string;
    if ("text" in item) {
      parsed = parseLine(item.text);
      contentOf = () => item.text;
    } else {
      parsed = parseRecordValue(item.value);
      contentOf = () => JSON.stringify(item.value);
    }
    if (parsed === null) return false;
    if (!parsed.ok) {
      reject(item.lineNo, parsed.message);
      return false;
    }
    batch.push(assigner.assign(parsed.record, contentOf));
    batchLines.push(item.lineNo);
    return batch.length >= batchSize;
  }
}

/** An ingest that stored nothing and rejected nothing: where every result starts. */
export function emptyIngestResult(): IngestResult {
  return {
    runs: [],
    accepted: 0,
    stored: 0,
    rejected: 0,
    errors: [],
    errors_total: 0,
    skipped: 0,
    skipped_by_type: {},
  };
}
