// docs/import.md#otlp-json-files: a file of OTLP/JSON export requests goes
// through the OTLP receiver's own mappers. The fixture is the Collector's file
// exporter output, one request per line:
//   1 traces  8a3c… chat ×2 · kubectl_logs ✗ ✗          (no run key yet)
//   2 metrics                                            (skipped)
//   3 traces  8a3c… chat ×3 · kubectl_logs ✗ · kubectl_rollout_restart ✓
//             invoke_agent ops-agent  gen_ai.conversation.id=conv-ops-311
//   4 logs    loopscope.iteration n=1 (session.id conv-ops-311)
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { otlpJsonImporter } from "@/lib/import/otlp-json";
import { ingestItems } from "@/lib/ingest/ingest-stream";
import { mapLogsRequest } from "@/lib/otlp/logs";
import { ExportLogsServiceRequest, ExportTraceServiceRequest } from "@/lib/otlp/model";
import { mapTraceRequest } from "@/lib/otlp/traces";
import type { StoredIteration, StoredRecord, StoredRun, StoredSpan } from "@/lib/schemas/records";
import { analyzeImported, importFixture } from "@/tests/support/import";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const COLLECTOR = read("tests/fixtures/import/otlp-json/collector-file-export.jsonl");
const RUN = "conv-ops-311";

const spans = (records: StoredRecord[]) => records.filter((r): r is StoredSpan => r.type === "span");
const runs = (records: StoredRecord[]) => records.filter((r): r is StoredRun => r.type === "run");

/** What POST /v1/traces or /v1/logs stores for the same body (the receiver without its database). */
async function receive(body: unknown): Promise<StoredRecord[]> {
  const wire =
    "resourceSpans" in (body as object)
      ? mapTraceRequest(ExportTraceServiceRequest.parse(body)).records
      : mapLogsRequest(ExportLogsServiceRequest.parse(body)).records;
  const stored: StoredRecord[] = [];
  await ingestItems(
    wire.map((value, i) => ({ lineNo: i + 1, value })),
    { writeBatch: async (batch) => void stored.push(...batch) },
  );
  return stored;
}

/** A record without what only a file import adds: the source fields (and so an event's content-hashed id). */
function withoutSource(record: StoredRecord): unknown {
  if (record.type === "span") {
    const { source_id: _id, source_format: _format, ...meta } = record.meta;
    return { ...record, meta };
  }
  if (record.type === "event") {
    const { source_id: _id, source_format: _format, ...attrs } = record.attrs;
    return { ...record, eventId: "(content hash)", attrs };
  }
  return record;
}

function span(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    traceId: "5b8efff798038103d269b633813fc60c",
    spanId: "eee19b7ec3c1b173",
    name: "execute_tool search",
    startTimeUnixNano: "1767225600000000000",
    endTimeUnixNano: "1767225601000000000",
    attributes: [{ key: "gen_ai.operation.name", value: { stringValue: "execute_tool" } }],
    ...over,
  };
}
const traces = (...list: Record<string, unknown>[]) => ({ resourceSpans: [{ scopeSpans: [{ spans: list }] }] });

describe("the receiver's mapping, from a file", () => {
  test.each([
    ["examples/otlp/traces.json", "conv-example-0001"],
    ["examples/otlp/logs-claude-code.json", "5f0c6a1e-3b7d-4e2a-9c81-7d2e4b6a9f30"],
  ])("%s imports as the receiver stores it (run %s)", async (file, runId) => {
    const text = read(file);
    const imported = await importFixture(null, text);
    expect(imported.format).toBe("otlp-json");
    expect(imported.errors).toEqual([]);
    expect(imported.runs).toEqual([runId]);
    expect(imported.records.map(withoutSource)).toEqual((await receive(JSON.parse(text))).map(withoutSource));
  });

  test("every span keeps its OTLP span id and the format; every event its run and sequence", async () => {
    const { records } = await importFixture(otlpJsonImporter, read("examples/otlp/logs-claude-code.json"));
    const event = records.find((r) => r.type === "event")!;
    expect(event.type === "event" && event.attrs).toMatchObject({ source_format: "otlp-json" });
    expect(event.type === "event" && String(event.attrs.source_id)).toMatch(
      /^5f0c6a1e-3b7d-4e2a-9c81-7d2e4b6a9f30#\d+$/,
    );
    const { records: fromTraces } = await importFixture(otlpJsonImporter, read("examples/otlp/traces.json"));
    expect(spans(fromTraces)[0]!.meta).toMatchObject({
      source_id: spans(fromTraces)[0]!.spanId,
      source_format: "otlp-json",
    });
  });
});

describe("the Collector's file exporter (JSONL)", () => {
  test("a trace split over lines joins the run its agent span names on a later line; metrics are skipped", async () => {
    const { records, errors, skipped, format } = await importFixture(null, COLLECTOR);
    expect(format).toBe("otlp-json");
    expect([errors, skipped]).toEqual([[], 1]);
    expect(runs(records).map((r) => [r.runId, r.agent])).toEqual([[RUN, "ops-agent"]]);
    expect(spans(records)).toHaveLength(10);
    expect(new Set(records.map((r) => r.runId))).toEqual(new Set([RUN]));
  });

  test("a loopscope.iteration log line becomes the run's iteration", async () => {
    const { records } = await importFixture(otlpJsonImporter, COLLECTOR);
    const iteration = records.find((r): r is StoredIteration => r.type === "iteration")!;
    expect(iteration).toMatchObject({ runId: RUN, n: 1, apiCalls: 5, tokensUsed: 21876, filesModified: [] });
  });

  test("a span the mapper rejects is reported on its request's line, as `item <i>` of that request", async () => {
    const text = [
      traces(span()),
      traces(span({ spanId: "aaaaaaaaaaaaaaaa" }), span({ spanId: "bbbbbbbbbbbbbbbb", startTimeUnixNano: undefined })),
    ]
      .map((r) => JSON.stringify(r))
      .join("\n");
    const { records, errors } = await importFixture(otlpJsonImporter, text);
    expect(errors).toEqual([{ line: 2, message: "item 1: span bbbbbbbbbbbbbbbb has no startTimeUnixNano" }]);
    expect(spans(records).map((s) => s.spanId)).toEqual(["eee19b7ec3c1b173", "aaaaaaaaaaaaaaaa"]);
  });

  test("a line that is no export request is rejected with its number; the rest is stored", async () => {
    const text = `${JSON.stringify(traces(span()))}\n{"spans":[]}\n`;
    const { records, errors } = await importFixture(otlpJsonImporter, text);
    expect(errors).toEqual([
      { line: 2, message: 'not an OTLP export request: expected "resourceSpans" or "resourceLogs"' },
    ]);
    expect(spans(records)).toHaveLength(1);
  });

  test('Jaeger\'s /api/v3 {"result":{…}} wrapper is read as the request inside it', async () => {
    const { records } = await importFixture(otlpJsonImporter, JSON.stringify({ result: traces(span()) }));
    expect(spans(records).map((s) => [s.runId, s.name])).toEqual([
      ["5b8efff798038103d269b633813fc60c", "execute_tool search"],
    ]);
  });

  test("the upload's run takes every record; its run record appears once", async () => {
    const { records } = await importFixture(otlpJsonImporter, COLLECTOR, { runId: "r-ops" });
    expect(new Set(records.map((r) => r.runId))).toEqual(new Set(["r-ops"]));
    expect(runs(records)).toHaveLength(1);
  });

  test("importing the same file twice gives identical records", async () => {
    const [a, b] = await Promise.all([
      importFixture(otlpJsonImporter, COLLECTOR),
      importFixture(otlpJsonImporter, COLLECTOR),
    ]);
    expect(b.records).toEqual(a.records);
  });
});

describe("analysis of the imported file", () => {
  test("kubectl_logs forbidden 3× in a row: failing bottleneck, its breaker opens when the 3rd failure ends", async () => {
    const r = await analyzeImported((await importFixture(otlpJsonImporter, COLLECTOR)).records, RUN);
    expect(r.tools.map((t) => [t.tool, t.calls, t.failures, t.total_ms])).toEqual([
      ["chat gpt-4.1", 5, 0, 11100],
      ["kubectl_rollout_restart", 1, 0, 4200],
      ["kubectl_logs", 3, 3, 2550],
    ]);
    expect(r.bottlenecks.map((b) => [b.tool, b.reasons.map((x) => x.kind)])).toEqual([["kubectl_logs", ["failing"]]]);
    expect(r.tool_breakers).toEqual([
      {
        tool: "kubectl_logs",
        opened: [{ at: "2026-02-08T07:30:09.750000Z", until: "2026-02-08T07:31:09.750000Z" }],
        blocked_calls: 0,
        blocked_ms: 0,
      },
    ]);
  });
});
