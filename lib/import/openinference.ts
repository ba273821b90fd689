// docs/import.md#phoenix--openinference-spans — Phoenix / OpenInference spans:
// JSONL (Phoenix's span export), a JSON array of spans (a dataframe saved with
// `to_json(orient="records")`), or the REST API's `{"data":[…spans]}` page.
// Each span: openinference-span.ts. Runs: one per `session.id` — a trace
// whose spans name a session belongs to it whole, since OpenInference often
// sets it on the root span only —, else one per trace, `phoenix-<trace_id>`;
// the upload's run wins over both. A run record names the run after its
// first root span (unless the upload named the run). Spans are held until
// the file ends: a trace's session may be on its last line. O(spans) memory
// and time. A span of a `{"data"}` page is numbered by its index + 1.
import type { ImportContext, ImportOutput, Importer, JsonItem, RunWire } from "./types";
import { isObject, OPENINFERENCE_FORMAT, readOpenInferenceSpan, type OpenInferenceSpan } from "./openinference-span";

type Held = OpenInferenceSpan & { lineNo: number };

function createMapper(ctx: ImportContext) {
  const held: Held[] = [];
  const sessionOfTrace = new Map<string, string>();

  function* read(raw: unknown, lineNo: number, path: string): Iterable<ImportOutput> {
    const span = readOpenInferenceSpan(raw);
    if (typeof span === "string") {
      yield { lineNo, error: path ? `${path}: ${span}` : span };
      return;
    }
    held.push({ ...span, lineNo });
    if (span.sessionId !== null && !sessionOfTrace.has(span.traceId)) sessionOfTrace.set(span.traceId, span.sessionId);
  }

  function* push(item: JsonItem): Iterable<ImportOutput> {
    const value = item.value;
    if (isObject(value) && Array.isArray(value.data)) {
      for (const [i, raw] of value.data.entries()) yield* read(raw, i + 1, `data[${i}]`);
    } else yield* read(value, item.lineNo, "");
  }

  const runOf = (s: Held): string =>
    ctx.runId ?? s.sessionId ?? sessionOfTrace.get(s.traceId) ?? `phoenix-${s.traceId}`;

  function* end(): Iterable<ImportOutput> {
    const runs = new Map<string, { lineNo: number; record: RunWire; rootUs: number }>();
    for (const s of held) {
      const runId = runOf(s);
      const entry = runs.get(runId) ?? { lineNo: s.lineNo, record: { type: "run", run_id: runId }, rootUs: Infinity };
      runs.set(runId, entry);
      if (ctx.runId === null && s.span.parent_id == null && s.t0Us < entry.rootUs) {
        entry.rootUs = s.t0Us;
        entry.record = { type: "run", run_id: runId, name: s.spanName };
      }
    }
    for (const { lineNo, record } of runs.values()) yield { lineNo, record };
    for (const s of held) yield { lineNo: s.lineNo, record: { ...s.span, run_id: runOf(s) } };
  }

  return { push, end };
}

/** Phoenix / OpenInference spans: one run per session, else per trace. */
export const openInferenceImporter: Importer = {
  format: OPENINFERENCE_FORMAT,
  input: "json",
  create: createMapper,
};
