// lib/ingest/ingest-stream.ts: records a sink refuses (the database refused
// them, db/ingest-bisect.ts) are rejected by their line numbers, carried
// beside each batch; they count as rejected, not accepted, and name no run.
import { describe, expect, test } from "vitest";
import { ingestItems } from "@/lib/ingest/ingest-stream";
import type { StoredRecord } from "@/lib/schemas/records";

const line = (lineNo: number, runId = "r") => ({
  lineNo,
  text: JSON.stringify({ run_id: runId, span_id: `s${lineNo}`, name: "a", t0: 1 }),
});
const REASON = "the database refused this record: data exception";

describe("records refused by the sink", () => {
  test("are rejected by line number, across batches, with blank and bad lines in between", async () => {
    // lines 1–10; 3 is blank, 5 is not JSON; the sink refuses span ids s4 and s9
    const items = Array.from({ length: 10 }, (_, i) =>
      i + 1 === 3 ? { lineNo: 3, text: "" } : i + 1 === 5 ? { lineNo: 5, text: "{oops" } : line(i + 1),
    );
    const result = await ingestItems(items, {
      batchSize: 3,
      writeBatch: async (batch: StoredRecord[]) => {
        const refused = batch.flatMap((r, index) =>
          r.type === "span" && (r.spanId === "s4" || r.spanId === "s9") ? [{ index, reason: REASON }] : [],
        );
        return refused.length ? { refused } : undefined;
      },
    });
    expect(result).toMatchObject({ accepted: 6, rejected: 3, errors_total: 3 });
    expect(result.errors).toEqual([
      { line: 4, message: REASON },
      { line: 5, message: expect.stringContaining("not valid JSON") },
      { line: 9, message: REASON },
    ]);
  });

  test("a run whose every record was refused is not among the runs", async () => {
    const result = await ingestItems([line(1, "r-ok"), line(2, "r-refused")], {
      writeBatch: async () => ({ refused: [{ index: 1, reason: REASON }] }),
    });
    expect(result.runs).toEqual(["r-ok"]);
  });

  test("a refusal is reported beside the lines rejected while its batch was written", async () => {
    const items = Array.from({ length: 6 }, (_, i) => (i >= 3 ? { lineNo: i + 1, text: "x" } : line(i + 1)));
    const result = await ingestItems(items, {
      batchSize: 3,
      writeBatch: async () => ({ refused: [{ index: 0, reason: REASON }] }),
    });
    expect(result.errors.map((e) => e.line).sort()).toEqual([1, 4, 5, 6]);
    expect(result).toMatchObject({ accepted: 2, rejected: 4 });
  });

  test("an error message is made storable: a NUL it quotes is spelled out", async () => {
    const result = await ingestItems([{ lineNo: 1, error: "bad \u0000 value \ud800" }], { writeBatch: async () => {} });
    expect(result.errors).toEqual([{ line: 1, message: "bad \\u0000 value \ufffd" }]);
  });
});
