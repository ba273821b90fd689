// docs/import.md#langfuse — Langfuse traces: the trace download
// (`{"trace", "observations", "scores"}`, or the public API's trace with its
// `observations` inline), an ingestion batch (`{"batch":[{id, type,
// timestamp, body}]}`), or JSONL of ingestion events or of observations. Each trace is a run
// (`langfuse-<trace id>` unless the upload names one; name = the trace's
// name, labels `user:`, `session:`, `tags:`); observations become spans and
// events (langfuse-observations.ts) once the file has ended, because create
// and update events merge and a SPAN is a container only when something
// nests under it (langfuse-batch.ts). Items of a document are numbered by
// their index in their list. Scores and SDK logs are skipped.
// O(observations) memory and time.
import { formatTimeUs, parseTimeUs } from "../time";
import type { ImportContext, ImportMapper, ImportOutput, Importer, JsonItem, RunWire } from "./types";
import { createLangfuseStore, isObservationType, located, type HeldTrace } from "./langfuse-batch";
import { isObj, LANGFUSE_FORMAT, mapObservation, str } from "./langfuse-observations";

type Obj = Record<string, unknown>;

export const langfuseRunId = (ctx: ImportContext, traceId: string): string => ctx.runId ?? `langfuse-${traceId}`;

function runOf(id: string, { body }: HeldTrace, ctx: ImportContext): RunWire {
  const labels: Record<string, string> = {};
  if (str(body.userId) !== null) labels.user = body.userId as string;
  if (str(body.sessionId) !== null) labels.session = body.sessionId as string;
  const tags = Array.isArray(body.tags) ? body.tags.filter((t): t is string => typeof t === "string") : [];
  if (tags.length > 0) labels.tags = tags.join(",");
  const startedUs = parseTimeUs(body.timestamp);
  return {
    type: "run",
    run_id: langfuseRunId(ctx, id),
    ...(str(body.name) !== null ? { name: body.name as string } : {}),
    ...(startedUs !== null ? { started_at: formatTimeUs(startedUs) } : {}),
    ...(Object.keys(labels).length > 0 ? { labels } : {}),
    ...(body.metadata != null ? { metadata: body.metadata } : {}),
    source_id: id,
    source_format: LANGFUSE_FORMAT,
  };
}

function createMapper(ctx: ImportContext): ImportMapper<JsonItem> {
  const store = createLangfuseStore();
  const at = (lineNo: number, i: number) => (lineNo === 1 ? i + 1 : lineNo);

  function* pushDownload(doc: Obj, lineNo: number): Iterable<ImportOutput> {
    const { observations, scores, ...rest } = doc;
    const trace = isObj(doc.trace) ? doc.trace : str(rest.id) !== null ? rest : null;
    if (trace) {
      const error = store.addTrace(trace, lineNo, "trace");
      if (error) yield { lineNo, error };
    }
    for (const [i, o] of (observations as unknown[]).entries()) {
      const path = `observations[${i}]`;
      const error = isObj(o)
        ? store.addObservation(o, null, false, at(lineNo, i), path)
        : located(path, "not an object");
      if (error) yield { lineNo: at(lineNo, i), error };
    }
    if (Array.isArray(scores)) for (const [i] of scores.entries()) yield { lineNo: at(lineNo, i), skipped: true };
  }

  function* pushBatch(batch: unknown[], lineNo: number): Iterable<ImportOutput> {
    for (const [i, event] of batch.entries()) {
      const result = store.addEvent(event, at(lineNo, i), `batch[${i}]`);
      if (result === "skip") yield { lineNo: at(lineNo, i), skipped: true };
      else if (result !== null) yield { lineNo: at(lineNo, i), error: result };
    }
  }

  function* flush(): Iterable<ImportOutput> {
    for (const [id, trace] of store.traces) yield { lineNo: trace.lineNo, record: runOf(id, trace, ctx) };
    const merged = store.merged();
    const parents = new Set(merged.map(({ o }) => str(o.parentObservationId)).filter((p) => p !== null));
    const soleTrace = store.traces.size === 1 ? [...store.traces.keys()][0] : undefined;
    for (const { held, o } of merged) {
      const traceId = str(o.traceId) ?? soleTrace;
      const mapped =
        traceId === undefined
          ? `observation ${str(o.id)}: missing "traceId"`
          : mapObservation(o, {
              runId: langfuseRunId(ctx, traceId),
              type: held.type,
              hasChildren: parents.has(str(o.id) ?? ""),
            });
      yield typeof mapped === "string"
        ? { lineNo: held.lineNo, error: located(held.path, mapped) }
        : { lineNo: held.lineNo, record: mapped };
    }
  }

  return {
    *push({ lineNo, value }) {
      if (!isObj(value)) yield { lineNo, error: "not a JSON object" };
      else if (Array.isArray(value.batch)) yield* pushBatch(value.batch, lineNo);
      else if (Array.isArray(value.observations)) yield* pushDownload(value, lineNo);
      else if (typeof value.type === "string" && isObj(value.body)) {
        const result = store.addEvent(value, lineNo, "");
        if (result === "skip") yield { lineNo, skipped: true };
        else if (result !== null) yield { lineNo, error: result };
      } else if (isObservationType(value.type)) {
        const error = store.addObservation(value, null, false, lineNo, "");
        if (error) yield { lineNo, error };
      } else yield { lineNo, error: "not a Langfuse trace, observation or ingestion batch" };
    },
    end: flush,
  };
}

export const langfuseImporter: Importer = { format: "langfuse", input: "json", create: createMapper };
