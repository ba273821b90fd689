// Fixtures for the OTLP mapper tests: the repository's example payloads
// (examples/otlp/, described in examples/README.md), tiny request builders,
// and a check that every wire object passes the same zod schema a JSONL line
// would (lib/schemas/records.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { EventRecord, IterationRecord, RunRecord, SpanRecord } from "@/lib/schemas/records";
import type { OtlpWireRecord } from "@/lib/otlp/wire";

const EXAMPLES = path.resolve(import.meta.dirname, "../../..", "examples", "otlp");

export function loadExample(name: "traces.json" | "logs-claude-code.json"): unknown {
  return JSON.parse(readFileSync(path.join(EXAMPLES, name), "utf8"));
}

/** A string attribute, or any AnyValue given as is. */
export function kv(key: string, value: unknown): { key: string; value: unknown } {
  if (typeof value === "string") return { key, value: { stringValue: value } };
  if (typeof value === "boolean") return { key, value: { boolValue: value } };
  if (typeof value === "number")
    return { key, value: Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value } };
  return { key, value };
}

export function traceRequest(spans: unknown[], resourceAttrs: unknown[] = []): unknown {
  return {
    resourceSpans: [{ resource: { attributes: resourceAttrs }, scopeSpans: [{ scope: { name: "t" }, spans }] }],
  };
}

export function makeSpan(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    traceId: "5b8efff798038103d269b633813fc60c",
    spanId: "eee19b7ec3c1b173",
    name: "execute_tool search",
    kind: 1,
    startTimeUnixNano: "1767225600000000000",
    endTimeUnixNano: "1767225601000000000",
    attributes: [kv("gen_ai.operation.name", "execute_tool"), kv("gen_ai.tool.name", "search")],
    status: {},
    ...over,
  };
}

export function logsRequest(
  records: unknown[],
  resourceAttrs: unknown[] = [kv("service.name", "claude-code")],
): unknown {
  return {
    resourceLogs: [
      { resource: { attributes: resourceAttrs }, scopeLogs: [{ scope: { name: "t" }, logRecords: records }] },
    ],
  };
}

export function makeLog(
  name: string,
  attrs: Record<string, unknown>,
  over: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    timeUnixNano: "1767225633000000000",
    observedTimeUnixNano: "1767225633000000000",
    body: { stringValue: `claude_code.${name}` },
    attributes: [
      kv("session.id", "sess-1"),
      kv("event.name", name),
      ...Object.entries(attrs).map(([k, v]) => kv(k, v)),
    ],
    ...over,
  };
}

/** Every wire object passes the zod schema of its JSONL record (docs/format.md). */
export function expectValidWire(records: OtlpWireRecord[]): void {
  for (const r of records) {
    const schema =
      r.type === "event"
        ? EventRecord
        : r.type === "iteration"
          ? IterationRecord
          : r.type === "run"
            ? RunRecord
            : SpanRecord;
    const parsed = schema.safeParse(r);
    expect(parsed.success, `${JSON.stringify(r).slice(0, 200)}: ${parsed.error?.message}`).toBe(true);
  }
}

export function byType<T extends OtlpWireRecord["type"]>(
  records: OtlpWireRecord[],
  type: T,
): Extract<OtlpWireRecord, { type: T }>[] {
  return records.filter((r): r is Extract<OtlpWireRecord, { type: T }> => r.type === type);
}
