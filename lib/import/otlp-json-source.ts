// docs/import.md#otlp-json-files — where a record of an OTLP/JSON file came
// from. The trace requests of a file are mapped as one (otlp-json.ts); this
// finds each rejected item's line and index within it again, and each span's
// line by its id. And the source fields every imported span and event keeps:
// a span's OTLP span id (or, for a span made from a log record, its derived
// id), an event's run and `event.sequence` (its time when it has none).
// O(spans) to build, O(log lines) per lookup.
import { normalizeId } from "../otlp/coerce";
import type { ExportTraceServiceRequest } from "../otlp/model";
import type { OtlpWireRecord } from "../otlp/wire";

/** The trace requests of a file, with the line each came from. */
export type HeldTraces = { requests: ExportTraceServiceRequest[]; lines: number[] };

function spansOf(request: ExportTraceServiceRequest): unknown[] {
  return (request.resourceSpans ?? []).flatMap((rs) => (rs.scopeSpans ?? []).flatMap((ss) => ss.spans ?? []));
}

export function heldTraceLines(held: HeldTraces) {
  const starts: number[] = [];
  const lineOfSpan = new Map<string, number>();
  let total = 0;
  held.requests.forEach((request, i) => {
    starts.push(total);
    const spans = spansOf(request);
    total += spans.length;
    for (const span of spans) {
      const raw = typeof span === "object" && span !== null ? (span as { spanId?: unknown }).spanId : null;
      const id = normalizeId(raw, 8);
      if (id !== null && !lineOfSpan.has(id)) lineOfSpan.set(id, held.lines[i]!);
    }
  });
  const firstLine = held.lines[0] ?? 1;
  return {
    /** The line of the merged request's i-th span, and its index within that line's request. */
    ofIndex(index: number): { lineNo: number; index: number } {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= index) lo = mid;
        else hi = mid - 1;
      }
      return { lineNo: held.lines[lo] ?? firstLine, index: index - (starts[lo] ?? 0) };
    },
    ofRecord(record: OtlpWireRecord): number {
      const id = record.type === "span" ? record.span_id : undefined;
      return (typeof id === "string" ? lineOfSpan.get(id) : undefined) ?? firstLine;
    },
  };
}

/** A span keeps its id and format in `meta`; an event carries them as extra fields (its attrs). */
export function withSource(record: OtlpWireRecord, format: string): OtlpWireRecord {
  if (record.type === "span") {
    return { ...record, meta: { ...(record.meta ?? {}), source_id: record.span_id, source_format: format } };
  }
  if (record.type === "event") {
    const seq = (record as { sequence?: unknown }).sequence;
    const at = typeof seq === "number" ? seq : record.ts;
    return { ...record, source_id: `${record.run_id}#${String(at)}`, source_format: format };
  }
  return record;
}
