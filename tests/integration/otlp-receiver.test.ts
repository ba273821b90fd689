// tests/integration/otlp-receiver.test.ts — the /v1/traces, /v1/logs and
// /v1/metrics route handlers (docs/otlp.md), called in-process on PGlite and
// on a throwaway Postgres database, with the repository's example payloads
// (examples/otlp/, see examples/README.md) as OTLP/JSON and as protobuf
// (official serializers), gzip or not, chunked or not; then the runs, spans,
// events and analysis read back from the database.
import { describe, expect, test } from "vitest";
import { targets } from "./support/databases";
import { analysisOf, readRun, spanFacts } from "./support/otlp-db";
import { postOtlp } from "./support/otlp-http";
import {
  gzip,
  jsonBytes,
  LOGS_RUN,
  logsForRun,
  protobufLogs,
  protobufTraces,
  exampleLogs,
  exampleTraces,
  TRACE_RUN,
  tracesForRun,
} from "./support/otlp-payloads";
import { serveDatabase } from "./support/route";

const JSON_TYPE = { "content-type": "application/json" };
const PROTO_TYPE = { "content-type": "application/x-protobuf" };
const GZIP = { "content-encoding": "gzip" };

function chunked(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.byteLength; i += 100) controller.enqueue(bytes.slice(i, i + 100));
      controller.close();
    },
  });
}

describe.each(targets)("OTLP receiver on $name", (target) => {
  const h = serveDatabase(target);

  test("the GenAI trace example as JSON becomes a run with its tool calls and the failing one", async () => {
    const reply = await postOtlp("traces", jsonBytes(exampleTraces()), JSON_TYPE);
    expect(reply).toMatchObject({ status: 200, contentType: "application/json", body: {} });
    const { run, spans } = await readRun(h.db, TRACE_RUN);
    expect(run).toMatchObject({ agent: "billing-fixer", counts: { spans: spans.length, failures: 1 } });
    expect(spans.find((s) => s.name === "run_tests")).toMatchObject({
      kind: "tool",
      ok: false,
      error: "tests timed out after 15s",
    });
    const report = await analysisOf(h.db, TRACE_RUN);
    expect(report.tools.map((t) => t.tool)).toEqual(expect.arrayContaining(["read_file", "run_tests"]));
    expect(report.tools.find((t) => t.tool === "run_tests")).toMatchObject({ calls: 1, failures: 1 });
  });

  test("the Claude Code log example as JSON: a failed tool span, a denial and an API error in the analysis", async () => {
    const reply = await postOtlp("logs", jsonBytes(exampleLogs()), JSON_TYPE);
    expect(reply).toMatchObject({ status: 200, body: {} });
    const { run, spans, events } = await readRun(h.db, LOGS_RUN);
    expect(run).toMatchObject({ agent: "claude-code", counts: { failures: 1 } });
    expect(spans.find((s) => s.name === "Bash")).toMatchObject({ kind: "tool", ok: false });
    expect(events).toMatchObject({ permission_denied: 1, api_error: 1 });
    const report = await analysisOf(h.db, LOGS_RUN);
    expect(report.permission_breaker.denials).toBe(1);
    expect(report.api_breaker.counts).toMatchObject({ backoff: 1 });
    expect(report.tools.find((t) => t.tool === "Bash")).toMatchObject({ failures: 1 });
  });

  test.each([
    ["protobuf", PROTO_TYPE, false],
    ["protobuf + gzip", PROTO_TYPE, true],
    ["JSON + gzip, chunked", JSON_TYPE, true],
  ] as const)("traces and logs as %s store what the JSON examples stored", async (label, type, zip) => {
    const runId = `r-${label.replace(/\W+/g, "-")}`;
    const encode = (bytes: Uint8Array) => (zip ? gzip(bytes) : bytes);
    const traceBody = encode(
      type === PROTO_TYPE ? protobufTraces(tracesForRun(runId)) : jsonBytes(tracesForRun(runId)),
    );
    const logBody = encode(
      type === PROTO_TYPE ? protobufLogs(logsForRun(`${runId}-logs`)) : jsonBytes(logsForRun(`${runId}-logs`)),
    );
    const headers = { ...type, ...(zip ? GZIP : {}) };
    const traces = await postOtlp("traces", label.includes("chunked") ? chunked(traceBody) : traceBody, headers);
    const logs = await postOtlp("logs", label.includes("chunked") ? chunked(logBody) : logBody, headers);
    expect([traces.status, logs.status, traces.contentType, traces.body]).toEqual([200, 200, type["content-type"], {}]);
    expect(spanFacts((await readRun(h.db, runId)).spans)).toEqual(spanFacts((await readRun(h.db, TRACE_RUN)).spans));
    const fromLogs = await readRun(h.db, `${runId}-logs`);
    // Spans made from log records hash their id from the run: compare everything else.
    const withoutIds = (spans: typeof fromLogs.spans) => spanFacts(spans).map(({ span_id: _id, ...rest }) => rest);
    expect(withoutIds(fromLogs.spans)).toEqual(withoutIds((await readRun(h.db, LOGS_RUN)).spans));
    expect(fromLogs.events).toEqual((await readRun(h.db, LOGS_RUN)).events);
  });

  test("a retried identical batch is stored once", async () => {
    const before = await readRun(h.db, LOGS_RUN);
    for (const body of [jsonBytes(exampleLogs()), protobufLogs(exampleLogs())]) {
      const reply = await postOtlp("logs", body, body[0] === 0x7b ? JSON_TYPE : PROTO_TYPE);
      expect(reply.status).toBe(200);
    }
    expect(await postOtlp("traces", jsonBytes(exampleTraces()), JSON_TYPE)).toMatchObject({ status: 200 });
    const after = await readRun(h.db, LOGS_RUN);
    expect(after.run?.counts).toEqual(before.run?.counts);
    expect(after.events).toEqual(before.events);
    expect((await readRun(h.db, TRACE_RUN)).spans).toHaveLength(3);
  });

  test("one invalid span: 200 with partialSuccess, the rest stored", async () => {
    const example = tracesForRun("r-partial");
    delete (example.resourceSpans[0]?.scopeSpans[0]?.spans[1] as { spanId?: string }).spanId;
    const reply = await postOtlp("traces", jsonBytes(example), JSON_TYPE);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      partialSuccess: { rejectedSpans: 1, errorMessage: expect.stringContaining("item 1") },
    });
    expect((await readRun(h.db, "r-partial")).spans).toHaveLength(2);
  });

  test("nothing usable, or a body that does not decode: 400 with a Status", async () => {
    const example = tracesForRun("r-none");
    for (const span of example.resourceSpans[0]?.scopeSpans[0]?.spans ?? [])
      (span as { spanId?: string }).spanId = undefined;
    expect(await postOtlp("traces", jsonBytes(example), JSON_TYPE)).toMatchObject({ status: 400, body: { code: 3 } });
    expect(await postOtlp("traces", jsonBytes("{not json"), JSON_TYPE)).toMatchObject({
      status: 400,
      body: { code: 3 },
    });
    const garbage = await postOtlp("logs", new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f]), PROTO_TYPE);
    expect(garbage).toMatchObject({ status: 400, contentType: "application/x-protobuf", body: { code: 3 } });
    expect(await postOtlp("traces", new Uint8Array([1, 2, 3]), { ...JSON_TYPE, ...GZIP })).toMatchObject({
      status: 400,
    });
    expect((await readRun(h.db, "r-none")).run).toBeNull();
  });

  test("a content type other than JSON or protobuf: 415", async () => {
    expect(await postOtlp("traces", jsonBytes(exampleTraces()), { "content-type": "text/plain" })).toMatchObject({
      status: 415,
    });
    expect(await postOtlp("logs", jsonBytes(exampleLogs()), { ...JSON_TYPE, "content-encoding": "br" })).toMatchObject({
      status: 415,
    });
  });

  test("over the decompressed size cap: 413, declared or discovered while gunzipping", async () => {
    process.env.LOOPSCOPE_OTLP_MAX_MB = "0.01"; // ~10 KB
    try {
      const big = tracesForRun("r-big");
      big.resourceSpans[0]?.resource.attributes.push({ key: "pad", value: { stringValue: "x".repeat(20_000) } });
      const zipped = gzip(jsonBytes(big));
      expect(zipped.byteLength).toBeLessThan(10_000);
      expect(await postOtlp("traces", chunked(zipped), { ...JSON_TYPE, ...GZIP })).toMatchObject({
        status: 413,
        body: { code: 8 },
      });
      expect(await postOtlp("traces", jsonBytes(big), JSON_TYPE)).toMatchObject({ status: 413 });
      expect((await readRun(h.db, "r-big")).run).toBeNull();
    } finally {
      delete process.env.LOOPSCOPE_OTLP_MAX_MB;
    }
  });

  test("the auth seam is open today: a bearer token is accepted on every signal", async () => {
    const auth = { ...JSON_TYPE, authorization: "Bearer lsk_test_123" };
    expect(await postOtlp("traces", jsonBytes(exampleTraces()), auth)).toMatchObject({ status: 200 });
    expect(await postOtlp("metrics", jsonBytes({}), auth)).toMatchObject({ status: 200 });
  });

  test("metrics are accepted and discarded: 200 {} in the request's encoding", async () => {
    expect(await postOtlp("metrics", jsonBytes({ resourceMetrics: [] }), JSON_TYPE)).toMatchObject({
      status: 200,
      body: {},
    });
    const proto = await postOtlp("metrics", new Uint8Array([0x0a, 0x00]), PROTO_TYPE);
    expect(proto).toMatchObject({ status: 200, contentType: "application/x-protobuf", body: {} });
  });
});
