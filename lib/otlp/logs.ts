// docs/otlp.md — ExportLogsServiceRequest → docs/format.md wire objects.
// Each log record is named by its `event.name` attribute, else its `eventName`
// field, else a body string (Claude Code writes `claude_code.<name>`; the
// prefix is stripped). Its run is `loopscope.run_id`, else `session.id` (the
// record's, then the resource's), else the record's trace id, else
// `<service.name>:<UTC day of the record>` — a documented catch-all, so
// records of a client that sends no session still land somewhere
// deterministic. Its time is timeUnixNano, else observedTimeUnixNano, else the
// `event.timestamp` attribute. Records are ordered by run, `event.sequence`,
// time. What each name becomes: lib/otlp/claude-code.ts; `loopscope.iteration`
// records: lib/otlp/iteration-log.ts. O(n log n) for the sort.
import { formatTimeUs, parseTimeUs } from "../time";
import { bodyText, keyValuesToObject } from "./any-value";
import { mapClaudeCodeEvent, type LogEvent } from "./claude-code";
import { nanosToUs, normalizeId, toInt, toText } from "./coerce";
import { mapIterationLog, ITERATION_EVENT } from "./iteration-log";
import { OtlpLogRecord, type ExportLogsServiceRequest, type OtlpRejection } from "./model";
import { runRecordsFor, type OtlpMapResult, type OtlpWireRecord } from "./wire";

type Attrs = Record<string, unknown>;
type Pending = LogEvent & { index: number; service: string | null };

const CLAUDE_CODE_PREFIX = "claude_code.";

function eventNameOf(record: OtlpLogRecord, attrs: Attrs): string | null {
  const raw = toText(attrs["event.name"]) ?? toText(record.eventName) ?? bodyText(record.body);
  if (raw === null || raw === "" || /\s/.test(raw)) return null; // a free-text body is no event name
  return raw.startsWith(CLAUDE_CODE_PREFIX) ? raw.slice(CLAUDE_CODE_PREFIX.length) : raw;
}

function timeOf(record: OtlpLogRecord, attrs: Attrs): number | null {
  return (
    nanosToUs(record.timeUnixNano) ??
    nanosToUs(record.observedTimeUnixNano) ??
    parseTimeUs(toText(attrs["event.timestamp"]))
  );
}

function runIdOf(record: OtlpLogRecord, attrs: Attrs, resource: Attrs, timeUs: number): string {
  for (const key of ["loopscope.run_id", "session.id"]) {
    const v = toText(attrs[key]) ?? toText(resource[key]);
    if (v !== null) return v;
  }
  const traceId = normalizeId(record.traceId, 16);
  if (traceId !== null) return traceId;
  const service = toText(resource["service.name"]) ?? "otlp";
  return `${service}:${formatTimeUs(timeUs).slice(0, 10)}`;
}

function readRecord(raw: unknown, resource: Attrs, index: number): Pending | string {
  const parsed = OtlpLogRecord.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return `log record ${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}`;
  }
  const record = parsed.data;
  const attrs = keyValuesToObject(record.attributes);
  const timeUs = timeOf(record, attrs);
  if (timeUs === null) return "log record has no time";
  return {
    index,
    service: toText(resource["service.name"]),
    runId: runIdOf(record, attrs, resource, timeUs),
    name: eventNameOf(record, attrs),
    timeUs,
    sequence: toInt(attrs["event.sequence"]),
    attrs,
    body: bodyText(record.body),
    severity: record.severityText ?? null,
  };
}

function collect(request: ExportLogsServiceRequest, rejected: OtlpRejection[]): Pending[] {
  const out: Pending[] = [];
  let index = 0;
  for (const rl of request.resourceLogs ?? []) {
    const resource = keyValuesToObject(rl.resource?.attributes);
    for (const sl of rl.scopeLogs ?? []) {
      for (const raw of sl.logRecords ?? []) {
        const item = readRecord(raw, resource, index);
        if (typeof item === "string") rejected.push({ index, message: item });
        else out.push(item);
        index++;
      }
    }
  }
  return out;
}

function compareEvents(a: Pending, b: Pending): number {
  if (a.runId !== b.runId) return a.runId < b.runId ? -1 : 1;
  const sa = a.sequence ?? Number.MAX_SAFE_INTEGER;
  const sb = b.sequence ?? Number.MAX_SAFE_INTEGER;
  return sa - sb || a.timeUs - b.timeUs || a.index - b.index;
}

/** POST /v1/logs: Claude Code events and loop iterations as wire objects. */
export function mapLogsRequest(request: ExportLogsServiceRequest): OtlpMapResult {
  const rejected: OtlpRejection[] = [];
  const pending = collect(request, rejected).sort(compareEvents);
  const records: OtlpWireRecord[] = [];
  const agents = new Map<string, string>();
  for (const event of pending) {
    const mapped = event.name === ITERATION_EVENT ? mapIterationLog(event) : mapClaudeCodeEvent(event);
    if (typeof mapped === "string") {
      rejected.push({ index: event.index, message: mapped });
      continue;
    }
    records.push(...mapped);
    if (event.service !== null && !agents.has(event.runId)) agents.set(event.runId, event.service);
  }
  rejected.sort((a, b) => a.index - b.index);
  return { records: [...runRecordsFor(agents), ...records], rejected };
}
