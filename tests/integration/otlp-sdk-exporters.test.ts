// tests/integration/otlp-sdk-exporters.test.ts — the REAL
// OpenTelemetry JS exporters (traces and logs; http/json and http/protobuf;
// gzip and not) send over real HTTP to the real route handlers, behind a bare
// node:http server (support/otlp-http.ts). A GenAI-instrumented agent and a
// Claude-Code-style session are exported, force-flushed, and read back from
// the database: runs, spans, events, analysis.
import { context, trace, type Span } from "@opentelemetry/api";
import { OTLPLogExporter as JsonLogExporter } from "@opentelemetry/exporter-logs-otlp-http";
import { OTLPLogExporter as ProtoLogExporter } from "@opentelemetry/exporter-logs-otlp-proto";
import { OTLPTraceExporter as JsonTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtoTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchLogRecordProcessor, LoggerProvider } from "@opentelemetry/sdk-logs";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DbHandle } from "@/db/client";
import { targets } from "./support/databases";
import { analysisOf, readRun } from "./support/otlp-db";
import { startOtlpServer } from "./support/otlp-http";
import { useDatabase } from "./support/route";

type Compression = NonNullable<NonNullable<ConstructorParameters<typeof JsonTraceExporter>[0]>["compression"]>;
const GZIP = "gzip" as Compression;
const T0_MS = Date.UTC(2026, 0, 1, 12, 0, 0);
const at = (s: number) => new Date(T0_MS + s * 1000);

/** An agent turn: invoke_agent over a chat call and three tool calls, one failing. */
async function exportAgentTrace(url: string, protobuf: boolean, gzip: boolean, sessionId: string) {
  const config = { url: `${url}/v1/traces`, ...(gzip ? { compression: GZIP } : {}) };
  const exporter = protobuf ? new ProtoTraceExporter(config) : new JsonTraceExporter(config);
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ "service.name": "sdk-agent" }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  const tracer = provider.getTracer("sdk-agent");
  const root = tracer.startSpan("invoke_agent Coder", {
    startTime: at(0),
    attributes: { "gen_ai.operation.name": "invoke_agent", "session.id": sessionId },
  });
  const inRoot = trace.setSpan(context.active(), root);
  const child = (name: string, attributes: Record<string, string | number>, from: number): Span =>
    tracer.startSpan(name, { startTime: at(from), attributes }, inRoot);
  const chat = child(
    "chat model",
    { "gen_ai.operation.name": "chat", "gen_ai.usage.input_tokens": 1200, "gen_ai.usage.output_tokens": 80 },
    0.5,
  );
  chat.end(at(2));
  for (const [i, tool] of ["read_file", "run_tests", "run_tests"].entries()) {
    const span = child(
      `execute_tool ${tool}`,
      { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": tool, "loopscope.iteration": i + 1 },
      3 + i * 5,
    );
    if (i === 2) span.setStatus({ code: 2, message: "3 tests failed" });
    span.end(at(4 + i * 5));
  }
  root.end(at(20));
  await provider.forceFlush();
  await provider.shutdown();
}

/** A Claude Code session as its OTLP log events: a failed Bash call, a rejected Write, API calls and errors. */
async function exportClaudeCodeLogs(url: string, protobuf: boolean, gzip: boolean, sessionId: string) {
  const config = { url: `${url}/v1/logs`, ...(gzip ? { compression: GZIP } : {}) };
  const exporter = protobuf ? new ProtoLogExporter(config) : new JsonLogExporter(config);
  const provider = new LoggerProvider({
    resource: resourceFromAttributes({ "service.name": "claude-code", "service.version": "2.1.0" }),
    processors: [new BatchLogRecordProcessor({ exporter })],
  });
  const logger = provider.getLogger("com.anthropic.claude_code.events");
  const events: [number, string, Record<string, string>][] = [
    [
      1,
      "api_request",
      { model: "claude-sonnet", input_tokens: "900", output_tokens: "40", cost_usd: "0.01", duration_ms: "1500" },
    ],
    [5, "tool_result", { tool_name: "Bash", success: "false", duration_ms: "2000", error: "exit code 1" }],
    [6, "tool_result", { tool_name: "Read", success: "true", duration_ms: "50" }],
    [7, "tool_decision", { tool_name: "Write", decision: "reject", source: "user_reject" }],
    [8, "api_error", { model: "claude-sonnet", error: "overloaded", status_code: "529", attempt: "1" }],
    [9, "api_error", { model: "claude-sonnet", error: "rate_limit_error", status_code: "429", attempt: "2" }],
  ];
  for (const [seq, name, attrs] of events) {
    logger.emit({
      timestamp: at(seq),
      body: `claude_code.${name}`,
      attributes: {
        "session.id": sessionId,
        "event.name": name,
        "event.timestamp": at(seq).toISOString(),
        "event.sequence": seq,
        ...attrs,
      },
    });
  }
  await provider.forceFlush();
  await provider.shutdown();
}

const CASES = [
  { protocol: "http/json", protobuf: false, gzip: true },
  { protocol: "http/protobuf", protobuf: true, gzip: true },
  { protocol: "http/protobuf", protobuf: true, gzip: false },
] as const;

describe.each(targets)("the OpenTelemetry JS exporters against the receiver on $name", (target) => {
  let h: DbHandle;
  let server: Awaited<ReturnType<typeof startOtlpServer>>;
  beforeAll(async () => {
    h = await target.open();
    useDatabase(h);
    server = await startOtlpServer();
  });
  afterAll(async () => {
    await server?.close();
    await h?.close();
  });

  test.each(CASES)(
    "traces over $protocol (gzip: $gzip) show the tool calls and the failure",
    async ({ protocol, protobuf, gzip }) => {
      const runId = `sdk-trace-${protocol}-${gzip}`;
      await exportAgentTrace(server.url, protobuf, gzip, runId);
      expect(server.requests).toContain(
        `traces application/${protobuf ? "x-protobuf" : "json"} ${gzip ? "gzip" : "identity"}`,
      );
      const { run, spans } = await readRun(h.db, runId);
      expect(run).toMatchObject({ agent: "sdk-agent", counts: { spans: 5, failures: 1, tokens: 1280 } });
      expect(spans.map((s) => [s.name, s.kind, s.ok])).toEqual([
        ["invoke_agent Coder", "agent", true],
        ["chat model", "llm", true],
        ["read_file", "tool", true],
        ["run_tests", "tool", true],
        ["run_tests", "tool", false],
      ]);
      expect(spans[4]).toMatchObject({
        error: "3 tests failed",
        iteration: 3,
        t0: "2026-01-01T12:00:13.000000Z",
        duration_ms: 1000,
      });
      const report = await analysisOf(h.db, runId);
      expect(report.tools.find((t) => t.tool === "run_tests")).toMatchObject({ calls: 2, failures: 1, fail_rate: 0.5 });
      expect(report.bottlenecks.find((b) => b.tool === "run_tests")?.reasons.map((r) => r.kind)).toContain("failing");
    },
  );

  test.each(CASES)(
    "Claude Code logs over $protocol (gzip: $gzip) show tool failures, denials and API errors",
    async ({ protocol, protobuf, gzip }) => {
      const sessionId = `sdk-logs-${protocol}-${gzip}`;
      await exportClaudeCodeLogs(server.url, protobuf, gzip, sessionId);
      const { run, spans, events } = await readRun(h.db, sessionId);
      expect(run).toMatchObject({ agent: "claude-code", counts: { failures: 1 } });
      expect(spans.map((s) => [s.name, s.kind, s.ok])).toEqual([
        ["api_request", "llm", true],
        ["Bash", "tool", false],
        ["Read", "tool", true],
      ]);
      expect(spans[1]).toMatchObject({ error: "exit code 1", duration_ms: 2000 });
      expect(events).toMatchObject({ permission_denied: 1, api_error: 2, api_request: 1 });
      const report = await analysisOf(h.db, sessionId);
      expect(report.permission_breaker.denials).toBe(1);
      expect(report.api_breaker.counts).toMatchObject({ success: 1, retryable: 1, backoff: 1 });
    },
  );

  test("an exporter's retry of the same batch adds nothing", async () => {
    const sessionId = "sdk-logs-http/json-true";
    const before = await readRun(h.db, sessionId);
    await exportClaudeCodeLogs(server.url, false, true, sessionId);
    const after = await readRun(h.db, sessionId);
    expect([after.run?.counts, after.events]).toEqual([before.run?.counts, before.events]);
  });
});
