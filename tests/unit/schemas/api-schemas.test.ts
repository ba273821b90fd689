// The API schemas that restate a type built elsewhere in lib/ stay that type:
// the ingest pipeline's result, and the OTLP responses lib/otlp encodes.
import { describe, expect, expectTypeOf, test } from "vitest";
import type { z } from "zod";
import type { IngestResult as PipelineResult } from "@/lib/ingest/ingest-stream";
import type { LineError } from "@/lib/ingest/parse-line";
import { encodeExportResponse, encodeStatusResponse } from "@/lib/otlp";
import { type IngestLineError, type IngestResult } from "@/lib/schemas/ingest-api";
import { OtlpLogsExportResponse, OtlpStatus, OtlpTraceExportResponse } from "@/lib/schemas/otlp-api";

const decode = (body: { body: Uint8Array }): unknown => JSON.parse(Buffer.from(body.body).toString("utf8"));

describe("ingest", () => {
  test("IngestResult is the type the ingest pipeline returns", () => {
    expectTypeOf<z.infer<typeof IngestResult>>().toEqualTypeOf<PipelineResult>();
    expectTypeOf<z.infer<typeof IngestLineError>>().toEqualTypeOf<LineError>();
  });
});

describe("OTLP responses", () => {
  test.each([
    ["traces, all stored", encodeExportResponse("traces", "json"), OtlpTraceExportResponse],
    ["traces, some rejected", encodeExportResponse("traces", "json", 2, "item 3: no name"), OtlpTraceExportResponse],
    ["logs, some rejected", encodeExportResponse("logs", "json", 1, "item 0: no time"), OtlpLogsExportResponse],
    ["an error status", encodeStatusResponse("json", 3, "nothing usable"), OtlpStatus],
  ] as const)("%s parses unchanged", (_case, encoded, schema) => {
    const body = decode(encoded);
    expect((schema as z.ZodType).parse(body)).toEqual(body);
  });
});
