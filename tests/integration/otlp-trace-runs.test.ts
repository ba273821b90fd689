// tests/integration/otlp-trace-runs.test.ts — one trace, one run, however the
// exporter batches it (db/otlp-traces.ts). An exporter sends spans as they
// end, so an agent's tool calls arrive before the agent span that carries
// gen_ai.conversation.id. On PGlite and on a throwaway Postgres database,
// through the real /v1/traces handler. The trace of every test:
//
//   invoke_agent (gen_ai.conversation.id, 1000/200 tokens: an agent's, not counted)
//    ├─ execute_tool search   ok     10/5 tokens, $0.25
//    ├─ chat                  ok     100/50 tokens, $0.5
//    └─ execute_tool shell    ERROR
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { rowsOf, type Db } from "@/db/client";
import { targets } from "./support/databases";
import type { RunSpanTotals } from "./support/ingest";
import { postOtlp } from "./support/otlp-http";
import { jsonBytes } from "./support/otlp-payloads";
import { serveDatabase } from "./support/route";

const JSON_TYPE = { "content-type": "application/json" };
const T0_NS = 1767225600000000000n;

type Attr = { key: string; value: Record<string, unknown> };
const str = (key: string, v: string): Attr => ({ key, value: { stringValue: v } });
const int = (key: string, v: number): Attr => ({ key, value: { intValue: String(v) } });
const dbl = (key: string, v: number): Attr => ({ key, value: { doubleValue: v } });
const ns = (s: number) => String(T0_NS + BigInt(s * 1e9));

/** Trace n: a 32-hex trace id and 16-hex span ids derived from n. */
function traceIdOf(n: number): string {
  return n.toString(16).padStart(32, "a");
}
function spanIdOf(n: number, i: number): string {
  return `${n.toString(16).padStart(8, "0")}${i.toString(16).padStart(8, "0")}`;
}

function span(n: number, i: number, name: string, from: number, to: number, attributes: Attr[], error = false) {
  return {
    traceId: traceIdOf(n),
    spanId: spanIdOf(n, i),
    parentSpanId: i === 0 ? undefined : spanIdOf(n, 0),
    name,
    kind: 1,
    startTimeUnixNano: ns(from),
    endTimeUnixNano: ns(to),
    attributes,
    status: error ? { code: 2, message: "timed out" } : {},
  };
}

function agentSpan(n: number, runAttr: Attr = str("gen_ai.conversation.id", `conv-${n}`)) {
  return span(n, 0, "invoke_agent Researcher", 0, 40, [
    str("gen_ai.operation.name", "invoke_agent"),
    runAttr,
    int("gen_ai.usage.input_tokens", 1000),
    int("gen_ai.usage.output_tokens", 200),
  ]);
}

function childSpans(n: number) {
  const tool = (name: string) => [str("gen_ai.operation.name", "execute_tool"), str("gen_ai.tool.name", name)];
  return [
    span(n, 1, "execute_tool search", 1, 2, [
      ...tool("search"),
      int("gen_ai.usage.input_tokens", 10),
      int("gen_ai.usage.output_tokens", 5),
      dbl("loopscope.cost_usd", 0.25),
    ]),
    span(n, 2, "chat", 3, 5, [
      str("gen_ai.operation.name", "chat"),
      int("gen_ai.usage.input_tokens", 100),
      int("gen_ai.usage.output_tokens", 50),
      dbl("loopscope.cost_usd", 0.5),
    ]),
    span(n, 3, "execute_tool shell", 6, 36, tool("shell"), true),
  ];
}

function post(spans: unknown[], resource: Attr[] = [str("service.name", "agent-x")]) {
  return postOtlp(
    "traces",
    jsonBytes({
      resourceSpans: [{ resource: { attributes: resource }, scopeSpans: [{ scope: { name: "t" }, spans }] }],
    }),
    JSON_TYPE,
  );
}

type Totals = RunSpanTotals & { agent: string | null };

/** The run's running totals as stored, or null when there is no such run. */
async function totalsOf(
  db: Db,
  runId: string,
): Promise<(Totals & { data_version: number; event_count: number }) | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
    SELECT span_count, failure_count, span_tokens, cost_usd, event_count, data_version, agent,
      to_char(first_at AT TIME ZONE 'UTC', 'HH24:MI:SS') AS first_at, to_char(last_at AT TIME ZONE 'UTC', 'HH24:MI:SS') AS last_at
    FROM runs WHERE run_id = ${runId}`),
  );
  const r = rows[0];
  if (!r) return null;
  return {
    span_count: Number(r.span_count),
    failure_count: Number(r.failure_count),
    span_tokens: Number(r.span_tokens),
    cost_usd: Number(r.cost_usd),
    event_count: Number(r.event_count),
    data_version: Number(r.data_version),
    first_at: r.first_at as string,
    last_at: r.last_at as string,
    agent: r.agent as string | null,
  };
}

/** The same totals recounted from the span rows: the running totals must equal them. */
async function recount(
  db: Db,
  runId: string,
): Promise<Omit<Totals, "agent" | "first_at" | "last_at"> & { span_ids: string[] }> {
  const rows = rowsOf<{
    span_id: string;
    kind: string;
    ok: boolean;
    tokens_in: unknown;
    tokens_out: unknown;
    cost_usd: unknown;
  }>(
    await db.execute(
      sql`SELECT span_id, kind, ok, tokens_in, tokens_out, cost_usd FROM spans WHERE run_id = ${runId} ORDER BY span_id`,
    ),
  );
  const calls = rows.filter((r) => r.kind === "tool" || r.kind === "llm");
  return {
    span_ids: rows.map((r) => r.span_id),
    span_count: rows.length,
    failure_count: rows.filter((r) => !r.ok).length,
    span_tokens: calls.reduce((sum, r) => sum + Number(r.tokens_in ?? 0) + Number(r.tokens_out ?? 0), 0),
    cost_usd: calls.reduce((sum, r) => sum + Number(r.cost_usd ?? 0), 0),
  };
}

/** The whole trace in its conversation run: four spans, exact totals, agent kept. */
const WHOLE_TRACE = {
  span_count: 4,
  failure_count: 1,
  span_tokens: 165,
  cost_usd: 0.75,
  first_at: "00:00:00",
  last_at: "00:00:40",
  agent: "agent-x",
};

async function expectWholeTrace(db: Db, n: number, runId = `conv-${n}`) {
  expect(await totalsOf(db, runId)).toMatchObject(WHOLE_TRACE);
  const { span_ids, ...counted } = await recount(db, runId);
  expect(span_ids).toEqual([0, 1, 2, 3].map((i) => spanIdOf(n, i)));
  expect(counted).toEqual({ span_count: 4, failure_count: 1, span_tokens: 165, cost_usd: 0.75 });
}

describe.each(targets)("one trace, one run, on $name", (target) => {
  const h = serveDatabase(target);

  test("tool spans posted before their agent span move to its conversation run; the trace-id run is deleted", async () => {
    expect(await post(childSpans(1))).toMatchObject({ status: 200, body: {} });
    expect(await totalsOf(h.db, traceIdOf(1))).toMatchObject({ span_count: 3, failure_count: 1, span_tokens: 165 });
    expect(await post([agentSpan(1)])).toMatchObject({ status: 200, body: {} });
    await expectWholeTrace(h.db, 1);
    expect(await totalsOf(h.db, traceIdOf(1))).toBeNull();
  });

  test("an agent span posted first: its tool spans, posted later without a run attribute, join its run", async () => {
    expect(await post([agentSpan(2)])).toMatchObject({ status: 200 });
    const before = await totalsOf(h.db, "conv-2");
    expect(await post(childSpans(2))).toMatchObject({ status: 200 });
    await expectWholeTrace(h.db, 2);
    expect((await totalsOf(h.db, "conv-2"))!.data_version).toBeGreaterThan(before!.data_version);
    expect(await totalsOf(h.db, traceIdOf(2))).toBeNull();
  });

  test("a retry of either request, in either order, adds nothing", async () => {
    for (const n of [1, 2]) {
      expect(await post(childSpans(n))).toMatchObject({ status: 200 });
      expect(await post([agentSpan(n)])).toMatchObject({ status: 200 });
      expect(await post(childSpans(n))).toMatchObject({ status: 200 });
      await expectWholeTrace(h.db, n);
      expect(await totalsOf(h.db, traceIdOf(n))).toBeNull();
    }
  });

  test("two traces of one session, each sent tools first, both land in the session's run", async () => {
    const session = str("session.id", "sess-34");
    expect(await post([...childSpans(3), ...childSpans(4)])).toMatchObject({ status: 200 });
    expect(await post([agentSpan(3, session)])).toMatchObject({ status: 200 });
    expect(await post([agentSpan(4)], [str("service.name", "agent-x"), session])).toMatchObject({ status: 200 });
    const run = await recount(h.db, "sess-34");
    expect(run).toMatchObject({ span_count: 8, failure_count: 2, span_tokens: 330, cost_usd: 1.5 });
    expect(await totalsOf(h.db, "sess-34")).toMatchObject({
      ...WHOLE_TRACE,
      span_count: 8,
      failure_count: 2,
      span_tokens: 330,
      cost_usd: 1.5,
    });
    expect([
      await totalsOf(h.db, traceIdOf(3)),
      await totalsOf(h.db, traceIdOf(4)),
      await totalsOf(h.db, "conv-4"),
    ]).toEqual([null, null, null]);
  });

  test("tool and agent batches of one trace posted at the same time still end in one run", async () => {
    const traces = [10, 11, 12, 13, 14, 15, 16, 17];
    const replies = await Promise.all(
      traces.flatMap((n) =>
        n % 2 ? [post(childSpans(n)), post([agentSpan(n)])] : [post([agentSpan(n)]), post(childSpans(n))],
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    for (const n of traces) {
      await expectWholeTrace(h.db, n);
      expect(await totalsOf(h.db, traceIdOf(n))).toBeNull();
    }
  });

  test("a trace that never names a run stays in its trace-id run, and nothing remembers it", async () => {
    const spans = childSpans(5);
    expect(await post(spans.slice(0, 2))).toMatchObject({ status: 200 });
    expect(await post(spans.slice(2))).toMatchObject({ status: 200 });
    expect(await totalsOf(h.db, traceIdOf(5))).toMatchObject({
      span_count: 3,
      failure_count: 1,
      span_tokens: 165,
      cost_usd: 0.75,
    });
    const remembered = rowsOf(await h.db.execute(sql`SELECT 1 FROM otlp_traces WHERE trace_id = ${traceIdOf(5)}`));
    expect(remembered).toHaveLength(0);
  });

  test("a trace-id run that also holds a log event keeps it, its span totals recounted to zero", async () => {
    const log = {
      timeUnixNano: ns(50),
      traceId: traceIdOf(6),
      body: { stringValue: "note" },
      attributes: [str("event.name", "note")],
    };
    const logs = {
      resourceLogs: [{ resource: { attributes: [] }, scopeLogs: [{ scope: { name: "t" }, logRecords: [log] }] }],
    };
    expect(await postOtlp("logs", jsonBytes(logs), JSON_TYPE)).toMatchObject({ status: 200 });
    expect(await post(childSpans(6))).toMatchObject({ status: 200 });
    const before = await totalsOf(h.db, traceIdOf(6));
    expect(await post([agentSpan(6)])).toMatchObject({ status: 200 });
    await expectWholeTrace(h.db, 6);
    const left = await totalsOf(h.db, traceIdOf(6));
    expect(left).toMatchObject({
      span_count: 0,
      failure_count: 0,
      span_tokens: 0,
      cost_usd: 0,
      event_count: 1,
      first_at: "00:00:50",
      last_at: "00:00:50",
    });
    expect(left!.data_version).toBeGreaterThan(before!.data_version);
  });

  test("spans stored under both runs (a database from before otlp_traces) are kept once, in the named run", async () => {
    expect(await post([agentSpan(7)])).toMatchObject({ status: 200 });
    expect(await post(childSpans(7))).toMatchObject({ status: 200 });
    await h.db.execute(sql`DELETE FROM otlp_traces WHERE trace_id = ${traceIdOf(7)}`);
    expect(await post(childSpans(7))).toMatchObject({ status: 200 }); // nothing remembered: under the trace id again
    expect(await totalsOf(h.db, traceIdOf(7))).toMatchObject({ span_count: 3 });
    expect(await post([agentSpan(7)])).toMatchObject({ status: 200 });
    await expectWholeTrace(h.db, 7);
    expect(await totalsOf(h.db, traceIdOf(7))).toBeNull();
  });

  test("requests sent at once (written as one group): the trace lands whole in its run, each hears of its own bad span", async () => {
    const [search, chat, shell] = childSpans(8);
    const bad = { ...span(8, 9, "execute_tool grep", 7, 8, [dbl("loopscope.cost_usd", 1e12)]) };
    const replies = await Promise.all([
      post([search!]),
      post([chat!, bad]),
      post([agentSpan(8)]),
      post([shell!]),
      post([bad]),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 400]);
    // Numbered by the request's own records (its run record first), never by the group's.
    expect(replies[1]!.body).toMatchObject({
      partialSuccess: {
        rejectedSpans: 1,
        errorMessage: expect.stringMatching(/^1 span\(s\) rejected: record [1-3]: /),
      },
    });
    expect(replies[4]!.body).toMatchObject({ message: expect.stringMatching(/^1 span\(s\) rejected: record [12]: /) });
    for (const i of [0, 2, 3]) expect(replies[i]!.body).toEqual({});
    await expectWholeTrace(h.db, 8);
    expect(await totalsOf(h.db, traceIdOf(8))).toBeNull();
  });
});
