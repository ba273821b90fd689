// docs/import.md#codex-cli-sessions: the line types Codex Desktop writes today
// (Feb 2026: task_started / task_complete, agent_reasoning, context_compacted,
// web_search_call, redacted content) are read or skipped on purpose, each skip
// named by its kind, and the run is interactive.
//
//   session_meta · turn_context · user_message "[REDACTED_MESSAGE …]" · web_search_call
//   token_count · task_complete · context_compacted · a line of a future type · 42
//   exec_command "[REDACTED_ARGUMENTS len=153 sha=23291271]" ✓ ×5 (identical)
import { describe, expect, test } from "vitest";
import { codexImporter } from "@/lib/import/codex";
import type { ImportContext, ImportOutput, JsonItem } from "@/lib/import/types";
import type { StoredRecord, StoredRun, StoredSpan } from "@/lib/schemas/records";
import { analyzeImported, importFixture } from "@/tests/support/import";

const SESSION = "019c0000-aaaa-7bbb-8ccc-000000000001";
const CTX: ImportContext = { runId: null, endedAtUs: null, fileName: null, live: false };
const ts = (ms: number) => new Date(Date.UTC(2026, 1, 23, 11, 40, 0, ms)).toISOString();
const line = (ms: number, type: string, payload: object) => ({ timestamp: ts(ms), type, payload });
const REDACTED_ARGS = "[REDACTED_ARGUMENTS len=153 sha=23291271]";
const exec = (ms: number, id: string) => [
  line(ms, "response_item", { type: "function_call", name: "exec_command", arguments: REDACTED_ARGS, call_id: id }),
  line(ms + 200, "response_item", {
    type: "function_call_output",
    call_id: id,
    output: "[REDACTED_OUTPUT len=406 sha=45aebb76]",
  }),
];
const VALUES: unknown[] = [
  line(0, "session_meta", {
    id: SESSION,
    cwd: "/redacted/path/fa3f",
    originator: "Codex Desktop",
    cli_version: "0.104.0",
  }),
  line(1, "response_item", { type: "message", role: "developer", content: [] }),
  line(2, "event_msg", { type: "task_started", turn_id: "t1" }),
  line(3, "turn_context", { model: "gpt-5.3-codex" }),
  line(4, "event_msg", { type: "user_message", message: "[REDACTED_MESSAGE len=40 sha=9f00aa11]" }),
  line(5, "response_item", { type: "reasoning", summary: [] }),
  line(6, "event_msg", { type: "agent_reasoning", text: "[REDACTED_TEXT len=10 sha=00]" }),
  line(700, "response_item", {
    type: "web_search_call",
    status: "completed",
    action: { type: "search", query: "[REDACTED_QUERY len=34 sha=3bfc6233]" },
  }),
  line(800, "event_msg", {
    type: "token_count",
    info: { last_token_usage: { input_tokens: 900, cached_input_tokens: 400, output_tokens: 50, total_tokens: 950 } },
  }),
  line(801, "event_msg", { type: "token_count", info: null, rate_limits: {} }),
  line(900, "response_item", { type: "ghost_snapshot", ghost_commit: {} }),
  line(950, "event_msg", {
    type: "task_complete",
    turn_id: "t1",
    last_agent_message: "[REDACTED_LAST_AGENT_MESSAGE len=1 sha=1]",
  }),
  line(960, "event_msg", { type: "context_compacted" }),
  line(970, "session_meta", { id: "019c-parent-of-a-fork" }),
  line(980, "future_synthetic_record", { safe: "ignored" }),
  42,
  ...[1, 2, 3, 4, 5].flatMap((k) => exec(1000 + k * 300, `call_${k}`)),
];
const TEXT = VALUES.map((v) => JSON.stringify(v)).join("\n");

function mapValues(values: unknown[]): ImportOutput[] {
  const m = codexImporter.create(CTX);
  const push = m.push as (i: JsonItem) => Iterable<ImportOutput>;
  return [...values.flatMap((value, i) => [...push({ lineNo: i + 1, value })]), ...m.end()];
}
const tools = (rs: StoredRecord[]) => rs.filter((r): r is StoredSpan => r.type === "span" && r.kind === "tool");

describe("a Codex Desktop rollout", async () => {
  const { records, errors, runs } = await importFixture(null, TEXT);

  test("nothing is rejected; every skipped line is named by its kind", () => {
    expect([errors, runs]).toEqual([[], [`codex-${SESSION}`]]);
    expect(mapValues(VALUES).flatMap((o) => ("skipped" in o ? [[o.lineNo, o.kind]] : []))).toEqual([
      [2, "response_item:message"],
      [3, "event_msg:task_started"],
      [6, "response_item:reasoning"],
      [7, "event_msg:agent_reasoning"],
      [10, "event_msg:token_count"],
      [11, "response_item:ghost_snapshot"],
      [12, "event_msg:task_complete"],
      [13, "event_msg:context_compacted"],
      [14, "session_meta:repeated"],
      [15, "future_synthetic_record"],
      [16, "not-a-record"],
    ]);
  });

  test("the run is interactive, with no outcome", () => {
    expect(records.find((r): r is StoredRun => r.type === "run")).toMatchObject({
      shape: "interactive",
      outcome: null,
    });
  });

  test("redacted arguments and outputs are kept as written, so identical calls stay identical", async () => {
    const calls = tools(records).filter((s) => s.name === "exec_command");
    expect(calls.map((s) => [s.input, s.output, s.ok])).toEqual(
      Array(5).fill([REDACTED_ARGS, "[REDACTED_OUTPUT len=406 sha=45aebb76]", true]),
    );
    const report = await analyzeImported(records, `codex-${SESSION}`);
    expect(report.repeated_calls.map((c) => [c.tool, c.input, c.calls])).toEqual([
      ["exec_command", JSON.stringify(REDACTED_ARGS), 5],
    ]);
  });

  test("a web_search_call is a web_search tool span at its line, its action as input", () => {
    const search = tools(records).find((s) => s.name === "web_search");
    expect(search).toMatchObject({
      ok: true,
      input: { type: "search", query: "[REDACTED_QUERY len=34 sha=3bfc6233]" },
      meta: { call_type: "web_search_call", status: "completed" },
    });
    expect(search?.t0Us).toBe(search?.t1Us);
  });
});
