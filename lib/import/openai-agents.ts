// docs/import.md#openai-agents-sdk — OpenAI Agents SDK traces: the body its
// BackendSpanExporter posts (`{"data":[…items]}`, also received at
// POST /v1/traces/ingest) or JSONL of the items. `{"object":"trace"}` → the
// run (`oai-<trace id>` unless the upload names one; name = workflow_name,
// label `group:` from group_id); `{"object":"trace.span"}` → a span
// (openai-agents-spans.ts); a `turn` span is also an iteration
// (openai-agents-turns.ts); a guardrail whose tripwire fired is also a
// `guardrail_triggered` event. Items of a document are numbered by their
// index in `data` (lineNo = index + 1). O(items); the turn collector holds
// O(spans) small facts until the end.
import { formatTimeUs } from "../time";
import type { EventWire, ImportContext, ImportMapper, ImportOutput, Importer, JsonItem, RunWire } from "./types";
import { isObj, mapSpanItem, OPENAI_AGENTS_FORMAT, type MappedSpan } from "./openai-agents-spans";
import { createTurnCollector } from "./openai-agents-turns";

/** The run of a trace: the upload's, else `oai-<trace id>`. */
export const openAiAgentsRunId = (ctx: ImportContext, traceId: string): string => ctx.runId ?? `oai-${traceId}`;

function runOf(item: Record<string, unknown>, ctx: ImportContext): RunWire | string {
  if (typeof item.id !== "string" || item.id === "") return 'trace: missing "id"';
  const group = typeof item.group_id === "string" && item.group_id !== "" ? item.group_id : null;
  return {
    type: "run",
    run_id: openAiAgentsRunId(ctx, item.id),
    ...(typeof item.workflow_name === "string" && item.workflow_name !== "" ? { name: item.workflow_name } : {}),
    agent: OPENAI_AGENTS_FORMAT,
    // One agent run without a human in it: its turns are steps (docs/import.md#shapes-and-outcomes).
    shape: "autonomous",
    ...(group !== null ? { labels: { group } } : {}),
    ...(isObj(item.metadata) ? { metadata: item.metadata } : {}),
    source_id: item.id,
    source_format: OPENAI_AGENTS_FORMAT,
  };
}

/** A guardrail span whose tripwire fired: also an event at its end. */
function guardrailEvent(span: MappedSpan): EventWire | null {
  if (span.record.meta?.span_type !== "guardrail" || span.record.meta.triggered !== true) return null;
  return {
    type: "event",
    run_id: span.record.run_id as string,
    ts: formatTimeUs(span.t1Us),
    kind: "guardrail_triggered",
    detail: span.record.name,
    source_id: span.record.span_id,
    source_format: OPENAI_AGENTS_FORMAT,
  };
}

function createMapper(ctx: ImportContext): ImportMapper<JsonItem> {
  const turns = createTurnCollector();

  function* mapItem(value: unknown, lineNo: number, path: string): Iterable<ImportOutput> {
    const at = path === "" ? "" : `${path}: `;
    if (!isObj(value)) {
      yield { lineNo, error: `${at}not a JSON object` };
      return;
    }
    if (value.object === "trace") {
      const run = runOf(value, ctx);
      yield typeof run === "string" ? { lineNo, error: at + run } : { lineNo, record: run };
    } else if (value.object === "trace.span") {
      const span = mapSpanItem(value, (traceId) => openAiAgentsRunId(ctx, traceId));
      if (typeof span === "string") {
        yield { lineNo, error: at + span };
        return;
      }
      turns.add(span, lineNo);
      yield { lineNo, record: span.record };
      const event = guardrailEvent(span);
      if (event) yield { lineNo, record: event };
    } else if (typeof value.object === "string") {
      yield { lineNo, skipped: true };
    } else {
      yield { lineNo, error: `${at}not an Agents SDK trace item (no "object": "trace" or "trace.span")` };
    }
  }

  return {
    *push({ lineNo, value }) {
      if (isObj(value) && Array.isArray(value.data)) {
        // One exporter body: its items are numbered by their index (a JSONL of bodies keeps the line).
        for (const [i, item] of value.data.entries()) yield* mapItem(item, lineNo === 1 ? i + 1 : lineNo, `data[${i}]`);
      } else {
        yield* mapItem(value, lineNo, "");
      }
    },
    end: () => turns.flush(),
  };
}

export const openAiAgentsImporter: Importer = { format: "openai-agents", input: "json", create: createMapper };
