// What the ingest endpoints answer: POST /api/v1/ingest (and the upload page,
// and `loopscope ingest`, which read the same body) and POST
// /api/v1/examples. `IngestResult` is what lib/ingest's pipeline returns;
// tests/unit/schemas/api-schemas.test.ts keeps the two in step.
import { z } from "zod";
import { IMPORT_FORMATS } from "../import/types";
import { RunShape } from "./run-outcome";
import { EventRecord, IdParam, IterationRecord, RunRecord, SpanRecord, TaskRecord, WireTime } from "./records";

/**
 * One record of an upload as it is sent (a JSONL line, or an element of a
 * JSON array body); a record without `type` but with `name` and `t0` is a span.
 */
export const IngestRecordWire = z.union([
  SpanRecord.schema,
  IterationRecord.schema,
  EventRecord.schema,
  TaskRecord.schema,
  RunRecord.schema,
]);

/** An application/json upload: an array of records (line = index + 1), or one record. */
export const IngestJsonBody = z.union([z.array(IngestRecordWire), IngestRecordWire]);

/**
 * `run_id`: the run for records that name none (or header X-Loopscope-Run); without it, a new run id.
 * `format`: the file's format, instead of detecting it. `ended_at`: when the file was last written
 * (its modification time), where a log without times ends (docs/import.md#times). `live`: the file
 * is still being written (docs/import.md#watching-a-live-session).
 */
export const IngestQuery = z.object({
  run_id: IdParam.optional(),
  format: z.enum(IMPORT_FORMATS).optional(),
  ended_at: WireTime.optional(),
  live: z
    .enum(["1", "true", "0", "false"])
    .transform((v) => v === "1" || v === "true")
    .optional(),
  /** The shape of every run the upload touches, over the importer's (docs/import.md#shapes-and-outcomes). */
  shape: RunShape.optional(),
});
export type IngestQuery = z.output<typeof IngestQuery>;

/** A rejected line: its number (1-based; an array element's index + 1) and a one-line reason. */
export const IngestLineError = z.object({ line: z.number().int(), message: z.string() });
export type IngestLineError = z.infer<typeof IngestLineError>;

export const IngestResult = z.object({
  /** The runs the stored records belong to. */
  runs: z.array(z.string()),
  accepted: z.number().int(),
  /**
   * The accepted records that added something not stored before; a file uploaded again adds
   * nothing and says `stored: 0` (docs/api.md#ingest).
   */
  stored: z.number().int(),
  rejected: z.number().int(),
  /** The first rejected lines (capped); `errors_total` counts them all. */
  errors: z.array(IngestLineError),
  errors_total: z.number().int(),
  /** Lines skipped on purpose: kinds that carry nothing for Loopscope (docs/import.md). */
  skipped: z.number().int(),
  /** The skipped lines by what they were (e.g. `progress`, `queue-operation`): each one named. */
  skipped_by_type: z.record(z.string(), z.number().int()),
});
export type IngestResult = z.infer<typeof IngestResult>;

/** POST /api/v1/ingest: the result, and the id under which the upload was logged. */
export const IngestResponse = IngestResult.extend({
  upload_id: z.string(),
  /** The format the file was read as: detected from its content, or the one `?format=` forced. */
  format: z.enum(IMPORT_FORMATS),
});
export type IngestResponse = z.infer<typeof IngestResponse>;

/** One example file: stored now, or already there from an earlier load (then nothing is written). */
export const ExampleFileResult = IngestResult.extend({
  file: z.string(),
  status: z.enum(["loaded", "already_loaded"]),
});
export type ExampleFileResult = z.infer<typeof ExampleFileResult>;

/** POST /api/v1/examples: every example run, and what each file did. */
export const ExamplesResponse = z.object({
  runs: z.array(z.string()),
  files: z.array(ExampleFileResult),
});
export type ExamplesResponse = z.infer<typeof ExamplesResponse>;
