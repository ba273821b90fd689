// docs/otlp.md — storing what an OTLP request mapped to docs/format.md records,
// through the same ingest pipeline as a JSONL upload (ingestItems → writeBatch).
// Logs are written as they come. Spans go through a group commit per database
// (lib/ingest/group-commit.ts, docs/otlp.md#group-commit): the trace requests that
// arrive while one is being written are written next, together, in one transaction
// that resolves their traces' runs (db/otlp-traces.ts) and names the runs they
// created — what writing them one after another would store, at a fraction of the
// transactions. Each request is answered with its own rejections, numbered by its
// own records, once the transaction that holds it has committed; if it fails, every
// request in it stored nothing.
import type { Db } from "@/db/client";
import { writeBatch } from "@/db/ingest-writer";
import { withTraceRuns } from "@/db/otlp-traces";
import { nameUntitledRuns } from "@/db/run-titles";
import { createGroupCommit, type GroupWriter } from "@/lib/ingest/group-commit";
import { emptyIngestResult, IngestAbortedError, ingestItems, type IngestResult } from "@/lib/ingest/ingest-stream";
import {
  assignKnownRuns,
  namedTraceRuns,
  unnamedTraceIds,
  type OtlpMapResult,
  type OtlpTraceMapResult,
  type OtlpWireRecord,
} from "@/lib/otlp";
import { otlpRunTitles, type TitleSpan } from "@/lib/otlp/run-title";
import { storableId } from "@/lib/schemas/storable";

/** The most records one group writes: a JSONL upload's batch. */
const GROUP_MAX_RECORDS = 5000;

/** What a request hears of its records: the ones refused, numbered by its own records. */
export type OtlpStored = Pick<IngestResult, "rejected" | "errors" | "errors_total">;

/** Logs as they are; spans with their traces' runs resolved against earlier requests, grouped. */
export function storeOtlp(db: Db, mapped: OtlpMapResult | OtlpTraceMapResult): Promise<OtlpStored> {
  if (!("traceRuns" in mapped)) return ingest(db, mapped.records);
  return traceWriterFor(db)(mapped);
}

// Per database handle (a test opens several), on globalThis as Next bundles routes apart.
const globalForGroups = globalThis as unknown as {
  loopscopeOtlpGroups?: WeakMap<Db, GroupWriter<OtlpTraceMapResult, OtlpStored>>;
};

function traceWriterFor(db: Db): GroupWriter<OtlpTraceMapResult, OtlpStored> {
  const byDb = (globalForGroups.loopscopeOtlpGroups ??= new WeakMap());
  let writer = byDb.get(db);
  if (!writer) {
    writer = createGroupCommit((jobs: OtlpTraceMapResult[]) => writeTraceGroup(db, jobs), {
      maxWeight: GROUP_MAX_RECORDS,
      weightOf: (job) => job.records.length,
    });
    byDb.set(db, writer);
  }
  return writer;
}

/** One transaction for the requests of a group; one result per request, its records numbered from 1. */
async function writeTraceGroup(db: Db, jobs: OtlpTraceMapResult[]): Promise<OtlpStored[]> {
  // A run id that cannot be stored is not remembered: its spans are rejected by validation.
  const named = jobs.flatMap((j) =>
    namedTraceRuns(j.traceRuns).flatMap((t) => {
      const runId = storableId(t.runId);
      return runId === null ? [] : [{ traceId: t.traceId, runId }];
    }),
  );
  const traces = { unnamed: [...new Set(jobs.flatMap((j) => unnamedTraceIds(j.traceRuns)))], named };
  const write = async (tx: Db, knownRuns: Map<string, string>) => {
    const parts = jobs.map((j) => assignKnownRuns(j.records, knownRuns));
    const result = await ingest(tx, parts.flat(), Number.MAX_SAFE_INTEGER);
    // A run the spans created is named after its service and first prompt or root operation: the first request's title wins.
    const titles = new Map<string, string>();
    for (const records of parts)
      for (const [run, title] of otlpRunTitles(
        records.filter((r): r is TitleSpan & OtlpWireRecord => r.type === "span"),
      ))
        if (!titles.has(run)) titles.set(run, title);
    await nameUntitledRuns(tx, titles);
    return splitResult(result, parts);
  };
  return withTraceRuns(db, traces, write).catch((err: unknown) => {
    // The group is one transaction, rolled back: a failure anywhere in it stored nothing of any request.
    throw err instanceof IngestAbortedError ? err : new IngestAbortedError(emptyIngestResult(), err);
  });
}

/** Each request's share of the group's result: its rejections, renumbered from its first record. */
function splitResult(group: IngestResult, parts: readonly OtlpWireRecord[][]): OtlpStored[] {
  let first = 1;
  return parts.map((records) => {
    const last = first + records.length - 1;
    const errors = group.errors
      .filter((e) => e.line >= first && e.line <= last)
      .map((e) => ({ ...e, line: e.line - first + 1 }));
    first = last + 1;
    return { rejected: errors.length, errors, errors_total: errors.length };
  });
}

function ingest(db: Db, records: OtlpWireRecord[], maxErrors?: number): Promise<IngestResult> {
  const items = records.map((value, i) => ({ lineNo: i + 1, value }));
  return ingestItems(items, { runId: null, writeBatch: (batch) => writeBatch(db, batch), maxErrors });
}
