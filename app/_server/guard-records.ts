// docs/guard.md — the records a guard decision stores, as an upload stores
// them (validated line by line; a bad line is refused and said, the rest
// kept); a transcript's records are numbered across the run as an upload's
// are (docs/import.md#agent-transcripts). A database failure is the 503 of any upload.
import type { Db } from "@/db/client";
import { writeBatch } from "@/db/ingest-writer";
import { placeIterations } from "@/db/place-iterations";
import { ApiError } from "@/lib/errors";
import { ITERATION_KEY, SOURCE_KEY } from "@/lib/import/types";
import { IngestAbortedError, ingestItems } from "@/lib/ingest/ingest-stream";
import { isDbUnavailable } from "./respond";

/** Whether a record is a transcript importer's, numbered by its turn's key (docs/import.md#agent-transcripts). */
const placedByKey = (r: unknown) => typeof r === "object" && r !== null && (SOURCE_KEY in r || ITERATION_KEY in r);

/**
 * Store records as an upload to the run stores them; a database failure is the 503 of any upload.
 * A transcript's records (an importer's output sent as records) are numbered across the run as an upload's are.
 */
export async function storeRecords(db: Db, runId: string, records: readonly unknown[], keepStoredRuns: boolean) {
  const result = await ingestRecords(db, runId, records, keepStoredRuns);
  if (records.some(placedByKey)) await placeIterations(db, [runId]);
  return result;
}

async function ingestRecords(db: Db, runId: string, records: readonly unknown[], keepStoredRuns: boolean) {
  try {
    return await ingestItems(
      records.map((value, i) => ({ lineNo: i + 1, value })),
      { runId, writeBatch: (batch) => writeBatch(db, batch, { keepStoredRuns }) },
    );
  } catch (err) {
    if (err instanceof IngestAbortedError && isDbUnavailable(err.cause))
      throw Object.assign(new ApiError("db_unavailable", "the database failed while storing the guard's records"), {
        cause: err.cause,
      });
    throw err instanceof IngestAbortedError ? err.cause : err;
  }
}
