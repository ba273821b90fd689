// When a batch write fails for a data reason (docs/format.md#bad-input): find
// the record(s) the database refuses by writing halves of the batch, recursively,
// each in its own transaction, in batch order (so "the first record of an id
// wins" still holds); refuse those, store the rest. Validation catches every
// value known not to fit, so this is the safety net, not the usual path: a
// batch with k refused records costs O(k · log n) extra writes. Any other
// failure (a lost connection, a bug) is rethrown untouched, for the caller's
// 503 or 500. The reason names the SQLSTATE class only, never SQL or values.
import type { BatchWriteOutcome, RefusedRecord } from "@/lib/schemas/records";
import { dataErrorClassOf } from "./pg-errors";

/**
 * `write` stores a slice whole or throws, resolving with how many of its records were new;
 * a record refused alone is reported by its index in `batch`.
 */
export async function writeRefusingBadRecords<R>(
  batch: R[],
  write: (records: R[]) => Promise<number>,
): Promise<BatchWriteOutcome> {
  const refused: RefusedRecord[] = [];
  let stored = 0;
  // Ranges still to write, first on top: an explicit stack, in batch order.
  const todo: [number, number][] = [[0, batch.length]];
  while (todo.length > 0) {
    const [from, to] = todo.pop()!;
    if (from >= to) continue;
    try {
      stored += await write(from === 0 && to === batch.length ? batch : batch.slice(from, to));
    } catch (err) {
      const reason = dataErrorClassOf(err);
      if (reason === null) throw err;
      if (to - from === 1) {
        refused.push({ index: from, reason: `the database refused this record: ${reason}` });
        continue;
      }
      const mid = from + Math.ceil((to - from) / 2);
      todo.push([mid, to], [from, mid]);
    }
  }
  return refused.length > 0 ? { refused, stored } : { stored };
}
