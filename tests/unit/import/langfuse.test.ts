// docs/import.md#langfuse: a trace download and an ingestion batch → a run,
// spans and events.
//
//   trace-download.json (answer-ticket)        ingestion-batch.json (nightly-refactor)
//   AGENT support-agent                        AGENT coder (agent-create + span-update)
//   ├ GENERATION plan                          ├ GENERATION step-1 (create + update)
//   ├ SPAN retrieve-context (has children)     ├ TOOL run_linter ✗ exit code 1
//   │ ├ TOOL search_docs                       ├ SPAN apply-patch ✗ (the update sets ERROR)
//   │ └ TOOL search_docs                       ├ TOOL run_linter ✗ exit code 1
//   ├ TOOL http_get ✗ 503                      ├ EVENT retry_budget_low
//   ├ TOOL http_get ✗ 503                      ├ GENERATION step-2 (legacy usage)
//   ├ EVENT fallback_to_cache                  └ score-create, sdk-log (skipped)
//   ├ SPAN format-answer (a leaf)
//   └ GENERATION answer
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { langfuseImporter } from "@/lib/import/langfuse";
import type { StoredEvent, StoredRecord, StoredRun, StoredSpan } from "@/lib/schemas/records";
import { formatTimeUs } from "@/lib/time";
import { analyzeImported, importFixture } from "@/tests/support/import";

const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, "../../fixtures/import/langfuse", name), "utf8");
const DOWNLOAD = fixture("trace-download.json");
const BATCH = fixture("ingestion-batch.json");
const DOWNLOAD_RUN = "langfuse-7f3e2b1a-5c4d-4e8f-9a0b-1c2d3e4f5a6b";
const BATCH_RUN = "langfuse-trace-nightly-0306";

const spans = (rs: StoredRecord[]) => rs.filter((r): r is StoredSpan => r.type === "span");
const span = (rs: StoredRecord[], name: string) => spans(rs).find((s) => s.name === name);
const events = (rs: StoredRecord[]) => rs.filter((r): r is StoredEvent => r.type === "event");
const run = (rs: StoredRecord[]) => rs.find((r): r is StoredRun => r.type === "run");
const at = (us: number) => formatTimeUs(us).slice(11, 23);

describe("a trace download", async () => {
  const { records, errors, skipped, runs, format } = await importFixture(null, DOWNLOAD);

  test("is detected, and its trace is the run: langfuse-<id>, named after the trace, labelled by user, session and tags", () => {
    expect([format, errors, runs]).toEqual(["langfuse", [], [DOWNLOAD_RUN]]);
    expect(run(records)).toMatchObject({
      name: "answer-ticket",
      labels: { user: "u-118", session: "ticket-4411", tags: "support,beta" },
      startedAtUs: Date.UTC(2026, 2, 5, 9) * 1000,
    });
  });

  test("the scores are skipped", () => {
    expect(skipped).toBe(1);
  });

  test("a GENERATION is an llm call with its model, every input* and output* token, and its costDetails.total", () => {
    expect(span(records, "plan")).toMatchObject({
      kind: "llm",
      tokensIn: 1200, // input 900 + input_cached_tokens 300
      tokensOut: 120,
      costUsd: 0.000672,
      input: null,
      meta: { model: "gpt-4.1-mini", observation_type: "GENERATION", source_format: "langfuse" },
    });
  });

  test("TOOL is a tool call; AGENT and a SPAN with children are containers; a SPAN without children is a tool call", () => {
    expect(spans(records).map((s) => [s.name, s.kind, s.parentId?.slice(-2) ?? null])).toEqual([
      ["support-agent", "agent", null],
      ["plan", "llm", "01"],
      ["retrieve-context", "agent", "01"],
      ["search_docs", "tool", "03"],
      ["search_docs", "tool", "03"],
      ["http_get", "tool", "01"],
      ["http_get", "tool", "01"],
      ["format-answer", "tool", "01"],
      ["answer", "llm", "01"],
    ]);
    expect(span(records, "search_docs")).toMatchObject({ input: { query: "refund policy" }, output: "3 documents" });
  });

  test("level ERROR fails the observation with its statusMessage as the error", () => {
    const failed = spans(records).filter((s) => !s.ok);
    expect(failed.map((s) => [s.name, s.error, at(s.t0Us), at(s.t1Us)])).toEqual([
      ["http_get", "HTTPError 503: upstream unavailable", "09:00:04.300", "09:00:09.300"],
      ["http_get", "HTTPError 503: upstream unavailable", "09:00:09.400", "09:00:12.400"],
    ]);
  });

  test("an EVENT is an event whose kind is its name", () => {
    expect(events(records).map((e) => [e.kind, e.detail, at(e.tsUs), e.attrs.level, e.attrs.source_id])).toEqual([
      [
        "fallback_to_cache",
        "billing API down, using the cached order",
        "09:00:12.450",
        "WARNING",
        "a1b2c3d4-0008-4000-8000-000000000008",
      ],
    ]);
  });

  test("the analysis counts the calls and flags the failing tool", async () => {
    const report = await analyzeImported(records, DOWNLOAD_RUN);
    expect(report.tools.map((t) => [t.tool, t.calls, t.failures])).toEqual([
      ["http_get", 2, 2],
      ["search_docs", 2, 0],
      ["plan", 1, 0],
      ["answer", 1, 0],
      ["format-answer", 1, 0],
    ]);
    expect(report.bottlenecks.map((b) => [b.tool, b.reasons.map((r) => r.kind)])).toEqual([
      ["http_get", ["slow", "failing"]],
    ]);
  });
});

describe("an ingestion batch", async () => {
  const { records, errors, skipped, runs, format } = await importFixture(null, BATCH);

  test("is detected; trace-create is the run; score-create and sdk-log are skipped", () => {
    expect([format, errors, skipped, runs]).toEqual(["langfuse", [], 2, [BATCH_RUN]]);
    expect(run(records)).toMatchObject({
      name: "nightly-refactor",
      labels: { session: "nightly-2026-03-06", tags: "nightly" },
    });
  });

  test("create and update events of one observation merge, the update's fields winning (a null changes nothing)", () => {
    expect(span(records, "step-1")).toMatchObject({ tokensIn: 5200, tokensOut: 410, costUsd: 0.02175, ok: true });
    expect(at(span(records, "step-1")!.t1Us)).toBe("14:00:04.000");
    expect(span(records, "apply-patch")).toMatchObject({
      kind: "tool",
      ok: false,
      error: "patch does not apply: hunk 2 failed",
      input: { file: "src/app.ts" },
    });
    expect(span(records, "coder")).toMatchObject({ kind: "agent", output: "gave up after 2 lint runs" });
  });

  test("the typed observation kinds map by type; the older usage field gives tokens too", () => {
    expect(spans(records).map((s) => [s.name, s.kind])).toEqual([
      ["coder", "agent"],
      ["step-1", "llm"],
      ["run_linter", "tool"],
      ["apply-patch", "tool"],
      ["run_linter", "tool"],
      ["step-2", "llm"],
    ]);
    expect(span(records, "step-2")).toMatchObject({ tokensIn: 6100, tokensOut: 250, costUsd: null });
    expect(events(records).map((e) => e.kind)).toEqual(["retry_budget_low"]);
  });

  test("the analysis flags the linter that never passed", async () => {
    const report = await analyzeImported(records, BATCH_RUN);
    expect(report.tools.find((t) => t.tool === "run_linter")).toMatchObject({ calls: 2, failures: 2, fail_rate: 1 });
    expect(report.bottlenecks[0]).toMatchObject({ tool: "run_linter", reasons: [{ kind: "failing", calls: 2 }] });
  });
});

describe("bad input", () => {
  test("a malformed observation is rejected with its index in the list, the rest stored", async () => {
    const doc = JSON.parse(DOWNLOAD) as { observations: Record<string, unknown>[] };
    doc.observations[5] = { ...doc.observations[5], startTime: "yesterday" };
    doc.observations[6] = { ...doc.observations[6], id: undefined };
    const { records, errors } = await importFixture(langfuseImporter, JSON.stringify(doc));
    expect(errors).toEqual([
      { line: 7, message: 'observations[6]: observation without "id"' },
      {
        line: 6,
        message: 'observations[5]: observation a1b2c3d4-0006-4000-8000-000000000006: missing or unreadable "startTime"',
      },
    ]);
    expect(spans(records)).toHaveLength(7);
  });

  test("an observation with no trace id, in a file of several traces, is rejected", async () => {
    const lines = [
      { id: "o1", traceId: "t1", type: "TOOL", name: "a", startTime: "2026-03-05T09:00:00Z" },
      { id: "o2", type: "TOOL", name: "b", startTime: "2026-03-05T09:00:01Z" },
      { hello: "world" },
    ];
    const { records, errors } = await importFixture(langfuseImporter, lines.map((l) => JSON.stringify(l)).join("\n"));
    expect(errors).toEqual([
      { line: 3, message: "not a Langfuse trace, observation or ingestion batch" },
      { line: 2, message: 'observation o2: missing "traceId"' },
    ]);
    expect(spans(records).map((s) => [s.runId, s.name])).toEqual([["langfuse-t1", "a"]]);
  });
});

test("JSONL of ingestion events reads like the batch", async () => {
  const { batch } = JSON.parse(BATCH) as { batch: unknown[] };
  const lines = await importFixture(langfuseImporter, batch.map((e) => JSON.stringify(e)).join("\n"));
  const whole = await importFixture(langfuseImporter, BATCH);
  const strip = (rs: StoredRecord[]) => rs.map((r) => (r.type === "event" ? { ...r, eventId: "" } : r));
  expect([lines.errors, lines.skipped]).toEqual([[], 2]);
  expect(strip(lines.records)).toEqual(strip(whole.records));
});

test("importing the same file twice gives identical records (ids from the observation ids)", async () => {
  const [first, again] = [await importFixture(langfuseImporter, BATCH), await importFixture(langfuseImporter, BATCH)];
  expect(again.records).toEqual(first.records);
  expect(spans(first.records).map((s) => s.spanId)).toContain("obs-lint-1");
});

test("the upload's run wins over langfuse-<trace id>", async () => {
  const { runs, records } = await importFixture(langfuseImporter, DOWNLOAD, { runId: "ticket-run" });
  expect(runs).toEqual(["ticket-run"]);
  expect(new Set(records.map((r) => r.runId))).toEqual(new Set(["ticket-run"]));
});
