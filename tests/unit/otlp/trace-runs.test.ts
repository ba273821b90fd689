// tests/unit/otlp/trace-runs.test.ts — spans of a trace that named no run in
// this request follow the run an earlier request named for the trace.
import { describe, expect, test } from "vitest";
import { ExportTraceServiceRequest } from "@/lib/otlp/model";
import { assignKnownRuns, namedTraceRuns, unnamedTraceIds } from "@/lib/otlp/trace-runs";
import { mapTraceRequest } from "@/lib/otlp/traces";
import { byType, kv, makeSpan, traceRequest } from "./helpers";

const BARE = "22222222222222222222222222222222";
const NAMED = "11111111111111111111111111111111";

// request: NAMED (session s-1): one span │ BARE (no run attribute): two tool spans
const mapped = mapTraceRequest(
  ExportTraceServiceRequest.parse(
    traceRequest(
      [
        makeSpan({ traceId: NAMED, spanId: "aaaaaaaaaaaaaaa1", attributes: [kv("session.id", "s-1")] }),
        makeSpan({ traceId: BARE, spanId: "aaaaaaaaaaaaaaa2" }),
        makeSpan({ traceId: BARE, spanId: "aaaaaaaaaaaaaaa3" }),
      ],
      [kv("service.name", "agent-x")],
    ),
  ),
);

describe("traces named and unnamed in a request", () => {
  test("unnamed traces are those whose spans fell back to the trace id", () => {
    expect(unnamedTraceIds(mapped.traceRuns)).toEqual([BARE]);
    expect(namedTraceRuns(mapped.traceRuns)).toEqual([{ traceId: NAMED, runId: "s-1" }]);
  });

  test("an unnamed trace's spans and run record move to the run remembered for it", () => {
    const records = assignKnownRuns(mapped.records, new Map([[BARE, "s-0"]]));
    expect(byType(records, "span").map((s) => s.run_id)).toEqual(["s-1", "s-0", "s-0"]);
    expect(byType(records, "run")).toEqual([
      { type: "run", run_id: "s-1", agent: "agent-x" },
      { type: "run", run_id: "s-0", agent: "agent-x" },
    ]);
    expect(byType(records, "span")[1]?.meta).toMatchObject({ trace_id: BARE });
  });

  test("nothing remembered: the records are returned as they are", () => {
    expect(assignKnownRuns(mapped.records, new Map())).toBe(mapped.records);
  });
});
