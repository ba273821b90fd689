// Tiny factories for the tool-side analysis tests (docs/analysis.md#bottlenecks–docs/analysis.md#timeouts, docs/analysis.md#rate-limit, docs/analysis.md#permission-breaker).
// Times are given in seconds from T0 and turned into epoch microseconds.
import { readFileSync } from "node:fs";
import { formatTimeUs } from "@/lib/time";
import {
  EventRecord,
  IterationRecord,
  RunRecord,
  SpanRecord,
  TaskRecord,
  type StoredEvent,
  type StoredRecord,
  type StoredSpan,
} from "@/lib/schemas/records";
import type { SpanLite } from "@/lib/analysis/types";
import { blankEvent } from "@/tests/support/records";

/** 2025-11-30T10:00:00Z in epoch microseconds. */
export const T0_US = Date.UTC(2025, 10, 30, 10, 0, 0) * 1000;
export const us = (sec: number): number => T0_US + Math.round(sec * 1e6);
export const iso = (sec: number): string => formatTimeUs(us(sec));

let seq = 0;

/** A call from `at` lasting `ms`; ok unless it failed. */
export function makeSpanLite(at: number, ms = 100, failed = false): SpanLite {
  seq += 1;
  return { spanId: `s${seq}`, t0Us: us(at), t1Us: us(at) + Math.round(ms * 1000), ok: !failed };
}
export const ok = (at: number, ms = 100): SpanLite => makeSpanLite(at, ms);
export const fail = (at: number, ms = 100): SpanLite => makeSpanLite(at, ms, true);

export function makeSpan(over: Partial<StoredSpan> & { name: string; at: number; ms?: number }): StoredSpan {
  seq += 1;
  const { at, ms = 100, ...rest } = over;
  const error = rest.error ?? "";
  return {
    type: "span",
    runId: "r",
    spanId: `s${seq}`,
    parentId: null,
    kind: "tool",
    t0Us: us(at),
    t1Us: us(at) + Math.round(ms * 1000),
    ok: error === "",
    error,
    iteration: null,
    taskId: null,
    tokensIn: null,
    tokensOut: null,
    costUsd: null,
    input: null,
    output: null,
    meta: {},
    ...rest,
  };
}

export function makeEvent(kind: string, at: number, over: Partial<StoredEvent> = {}): StoredEvent {
  seq += 1;
  return { ...blankEvent(`e${seq}`, kind, us(at)), ...over };
}

/** Read a sample JSONL file into stored records (run id and ids assigned here). */
export function loadSample(path: string, defaultRunId = "sample"): StoredRecord[] {
  const out: StoredRecord[] = [];
  readFileSync(path, "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (line.trim() === "") return;
      const raw = JSON.parse(line) as Record<string, unknown>;
      const type = typeof raw.type === "string" ? raw.type : "span";
      const runId = typeof raw.run_id === "string" ? raw.run_id : defaultRunId;
      if (type === "span") {
        const r = SpanRecord.parse(raw);
        out.push({ ...r, runId, spanId: r.spanId ?? `line-${i + 1}` });
      } else if (type === "event") out.push({ ...EventRecord.parse(raw), runId, eventId: `line-${i + 1}` });
      else if (type === "iteration") out.push({ ...IterationRecord.parse(raw), runId });
      else if (type === "task") out.push({ ...TaskRecord.parse(raw), runId });
      else if (type === "run") out.push({ ...RunRecord.parse(raw), runId });
    });
  return out;
}
