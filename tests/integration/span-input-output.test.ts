// A span's `input` (jsonb) and `output` (text) survive the ingest and come
// back unchanged from the spans API and the span panel's query — on both
// write paths: the COPY fast path (a fresh batch) and the INSERT … ON
// CONFLICT path (a batch holding a span already stored), whose encodings
// differ (COPY text escapes vs. json_to_recordset).
import { describe, expect, test } from "vitest";
import { listSpans } from "@/db/spans";
import { getTimelineSpan } from "@/db/timeline";
import { openForSuite, targets } from "./support/databases";
import { ingestText } from "./support/ingest";

// Characters COPY text escapes (tab, newline, CR, backslash), quotes, non-ASCII and an emoji.
const TRICKY = 'tab\there\nnew line\r\\back "quoted" é 😀';
const INPUTS: [string, unknown][] = [
  ["object", { query: TRICKY, nested: { b: [1, 2.5, null, true], a: "x" } }],
  ["string", TRICKY],
  ["number", 42],
  ["array", ["a", { k: "v" }]],
  ["none", undefined],
];
const LONG_OUTPUT = `${TRICKY}\n${"0123456789".repeat(300)}`;

const line = (runId: string, id: string, t0: number, fields: Record<string, unknown>) =>
  JSON.stringify({ run_id: runId, span_id: id, name: "search", t0, t1: t0 + 1, ...fields });
const linesFor = (runId: string, prefix: string) =>
  INPUTS.map(([name, input], i) => line(runId, `${prefix}-${name}`, 100 + i, { input, output: `${name}: ${TRICKY}` }));

describe.each(targets)("span input and output round trip on $name", (target) => {
  const h = openForSuite(target);

  const stored = async (runId: string) => {
    const { spans } = await listSpans(h.db, runId, { limit: 100 });
    return Object.fromEntries(spans.map((s) => [s.span_id, { input: s.input, output: s.output }]));
  };
  const expected = (prefix: string) =>
    Object.fromEntries(
      INPUTS.map(([name, input]) => [`${prefix}-${name}`, { input: input ?? null, output: `${name}: ${TRICKY}` }]),
    );

  test("a fresh batch (COPY) stores them as sent", async () => {
    await ingestText(h.db, linesFor("r-io-copy", "c").join("\n"));
    expect(await stored("r-io-copy")).toEqual(expected("c"));
  });

  test("a batch with a stored span (INSERT … ON CONFLICT) stores the new ones as sent", async () => {
    await ingestText(h.db, line("r-io-insert", "first", 1, {}));
    await ingestText(h.db, [line("r-io-insert", "first", 1, {}), ...linesFor("r-io-insert", "i")].join("\n"));
    expect(await stored("r-io-insert")).toEqual({ first: { input: null, output: null }, ...expected("i") });
  });

  test("an output over 2 000 characters is stored cut, and the span panel reads both", async () => {
    await ingestText(h.db, line("r-io-long", "long", 1, { input: { q: TRICKY }, output: LONG_OUTPUT }));
    const span = await getTimelineSpan(h.db, "r-io-long", "long");
    expect(span?.input).toEqual({ q: TRICKY });
    expect(span?.output).toBe(LONG_OUTPUT.slice(0, 2000));
    expect(span?.meta).toEqual({});
  });
});
