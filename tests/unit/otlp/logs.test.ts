// tests/unit/otlp/logs.test.ts — Claude Code's OTLP log events → Loopscope records (docs/otlp.md).
import { describe, expect, test } from "vitest";
import { mapLogsRequest } from "@/lib/otlp/logs";
import { ExportLogsServiceRequest } from "@/lib/otlp/model";
import { IterationRecord } from "@/lib/schemas/records";
import { byType, expectValidWire, kv, loadExample, logsRequest, makeLog } from "./helpers";

const SESSION = "5f0c6a1e-3b7d-4e2a-9c81-7d2e4b6a9f30";

function mapJson(request: unknown) {
  return mapLogsRequest(ExportLogsServiceRequest.parse(request));
}

describe("the Claude Code example (examples/otlp/logs-claude-code.json)", () => {
  // seq 12 tool_result Bash (failed, 15 s) · 13 tool_decision Edit reject · 14 api_error 429
  const result = mapJson(loadExample("logs-claude-code.json"));

  test("a failed tool_result is a tool span that ends at the record time", () => {
    const [span] = byType(result.records, "span");
    expect(span).toMatchObject({
      run_id: SESSION,
      name: "Bash",
      kind: "tool",
      ok: false,
      error: "Command timed out after 15s",
      t0: "2026-02-04T09:00:04.992000Z",
      t1: "2026-02-04T09:00:20.000000Z",
    });
    expect(span?.span_id).toMatch(/^[0-9a-f]{16}$/);
  });

  test("a rejected tool decision is permission_denied, the api error keeps status and attempt", () => {
    const events = byType(result.records, "event");
    expect(events.map((e) => [e.kind, e.tool ?? null, e.status ?? null])).toEqual([
      ["permission_denied", "Edit", null],
      ["api_error", null, 429],
    ]);
    expect(events[1]).toMatchObject({
      run_id: SESSION,
      detail: "rate_limit_error",
      attempt: 3,
      sequence: 14,
      ts: "2026-02-04T09:00:35.000000Z",
    });
  });

  test("the session is the run, named after the agent", () => {
    expect(byType(result.records, "run")).toEqual([{ type: "run", run_id: SESSION, agent: "claude-code" }]);
    expect(result.rejected).toEqual([]);
  });

  test("every record validates as its JSONL record would", () => expectValidWire(result.records));
});

describe("Claude Code events", () => {
  test("records are ordered by event.sequence, not by arrival", () => {
    const result = mapJson(
      logsRequest([
        makeLog("user_prompt", { "event.sequence": 3 }),
        makeLog("user_prompt", { "event.sequence": "1" }),
        makeLog("user_prompt", { "event.sequence": 2 }),
      ]),
    );
    expect(byType(result.records, "event").map((e) => e.sequence)).toEqual([1, 2, 3]);
    expect(byType(result.records, "event")[0]?.kind).toBe("user_prompt");
  });

  test("the same record maps to the same records; another sequence to another span id", () => {
    const log = makeLog("tool_result", { tool_name: "Read", success: "true", duration_ms: "12", "event.sequence": 5 });
    const a = mapJson(logsRequest([log]));
    expect(mapJson(logsRequest([log]))).toEqual(a);
    const other = mapJson(
      logsRequest([
        makeLog("tool_result", { tool_name: "Read", success: "true", duration_ms: "12", "event.sequence": 6 }),
      ]),
    );
    expect(byType(other.records, "span")[0]?.span_id).not.toBe(byType(a.records, "span")[0]?.span_id);
    expect(byType(a.records, "span")[0]).toMatchObject({ ok: true, error: "", t0: "2026-01-01T00:00:32.988000Z" });
  });

  test("api_request is an llm span with tokens and cost, and an api_request event", () => {
    const result = mapJson(
      logsRequest([
        makeLog("api_request", {
          model: "claude-sonnet-5",
          input_tokens: "1200",
          output_tokens: "340",
          cost_usd: "0.0123",
          duration_ms: "2500",
        }),
      ]),
    );
    expect(byType(result.records, "span")[0]).toMatchObject({
      kind: "llm",
      name: "api_request",
      tokens_in: 1200,
      tokens_out: 340,
      cost_usd: 0.0123,
      t0: "2026-01-01T00:00:30.500000Z",
      meta: expect.objectContaining({ model: "claude-sonnet-5" }),
    });
    expect(byType(result.records, "event")[0]).toMatchObject({ kind: "api_request", detail: "claude-sonnet-5" });
    expectValidWire(result.records);
  });

  test.each([
    ["reject", "user_reject", "permission_denied"],
    ["accept", "user_temporary", "permission_granted"],
    ["accept", "user_permanent", "permission_granted"],
    ["accept", "config", "tool_decision"],
  ])("tool_decision %s by %s → %s", (decision, source, kind) => {
    const result = mapJson(logsRequest([makeLog("tool_decision", { tool_name: "Bash", decision, source })]));
    expect(byType(result.records, "event")[0]).toMatchObject({ kind, tool: "Bash", detail: source });
  });

  test("compaction that did not succeed is compaction_failed", () => {
    const ok = mapJson(logsRequest([makeLog("compaction", { success: "true" })]));
    const failed = mapJson(logsRequest([makeLog("compaction", { success: "false", error: "context too large" })]));
    expect(byType(ok.records, "event")[0]?.kind).toBe("compaction");
    expect(byType(failed.records, "event")[0]).toMatchObject({
      kind: "compaction_failed",
      detail: "context too large",
    });
  });

  test("the name may come from eventName or the body alone; a free-text body is a `log` event", () => {
    const result = mapJson(
      logsRequest([
        {
          timeUnixNano: "1767225633000000000",
          eventName: "claude_code.user_prompt",
          attributes: [kv("session.id", "s")],
        },
        {
          timeUnixNano: "1767225634000000000",
          body: { stringValue: "claude_code.api_error" },
          attributes: [kv("session.id", "s"), kv("status_code", "500")],
        },
        {
          timeUnixNano: "1767225635000000000",
          body: { stringValue: "something went wrong" },
          severityText: "WARN",
          attributes: [kv("session.id", "s")],
        },
      ]),
    );
    expect(byType(result.records, "event").map((e) => [e.kind, e.status ?? null])).toEqual([
      ["user_prompt", null],
      ["api_error", 500],
      ["log", null],
    ]);
    expectValidWire(result.records);
  });

  test("time falls back to observedTimeUnixNano; a record with no time is rejected", () => {
    const result = mapJson(
      logsRequest([
        makeLog("user_prompt", {}, { timeUnixNano: "0", observedTimeUnixNano: "1767225640000000000" }),
        makeLog("user_prompt", {}, { timeUnixNano: undefined, observedTimeUnixNano: undefined }),
      ]),
    );
    expect(byType(result.records, "event")[0]?.ts).toBe("2026-01-01T00:00:40.000000Z");
    expect(result.rejected).toEqual([{ index: 1, message: "log record has no time" }]);
  });

  test("run: loopscope.run_id, else session.id on the resource, else service and day", () => {
    const run = (attrs: Record<string, unknown>[], resource: unknown[]) =>
      byType(
        mapJson(
          logsRequest(
            [{ timeUnixNano: "1767225633000000000", body: { stringValue: "claude_code.x" }, attributes: attrs }],
            resource,
          ),
        ).records,
        "event",
      )[0]?.run_id;
    expect(run([kv("loopscope.run_id", "r-1"), kv("session.id", "s")], [])).toBe("r-1");
    expect(run([], [kv("session.id", "s-res")])).toBe("s-res");
    expect(run([], [kv("service.name", "claude-code")])).toBe("claude-code:2026-01-01");
  });
});

describe("loopscope.iteration log records", () => {
  test("become iteration records, with strings coerced and tests read from a kvlist", () => {
    const tests = { kvlistValue: { values: [kv("passed", "12"), kv("failed", 1)] } };
    const files = { arrayValue: { values: [{ stringValue: "a.ts" }, { stringValue: "b.ts" }] } };
    const result = mapJson(
      logsRequest([
        {
          timeUnixNano: "1767225700000000000",
          body: { stringValue: "loopscope.iteration" },
          attributes: [
            kv("loopscope.run_id", "r-9"),
            kv("n", "4"),
            kv("task_id", "t-1"),
            kv("tokens_used", "900"),
            kv("reverted", "false"),
            kv("tests", tests),
            kv("files_modified", files),
            kv("approach", "bisect"),
          ],
        },
      ]),
    );
    const [it] = byType(result.records, "iteration");
    expect(it).toMatchObject({
      run_id: "r-9",
      n: 4,
      task_id: "t-1",
      tokens_used: 900,
      reverted: false,
      tests: { passed: 12, failed: 1 },
      files_modified: ["a.ts", "b.ts"],
      approach: "bisect",
      ts: "2026-01-01T00:01:40.000000Z",
    });
    expect(IterationRecord.parse(it).tsUs).toBe(1767225700000000);
    expectValidWire(result.records);
  });

  test("without n the record is rejected", () => {
    const result = mapJson(
      logsRequest([
        { timeUnixNano: "1767225700000000000", body: { stringValue: "loopscope.iteration" }, attributes: [] },
      ]),
    );
    expect(result.rejected[0]).toMatchObject({ index: 0, message: expect.stringMatching(/no iteration number/) });
  });
});
