// docs/import.md — the contract of a foreign-format importer: a pure mapper
// from a file's parsed lines (or its whole JSON document) to docs/format.md
// wire records, each tagged with the source line it came from, so that the
// ingest pipeline (lib/ingest/ingest-stream.ts) validates, numbers and
// stores them exactly like Loopscope JSONL lines. A mapper keeps only what
// it must carry across lines (open tool calls, the current turn); it never
// sees the database, the clock or the transport.
import type { z } from "zod";
import type { EventRecord, IterationRecord, RunRecord, SpanRecord, TaskRecord } from "../schemas/records";
import type { TextCaps } from "./text-caps";

export const IMPORT_FORMATS = [
  "loopscope",
  "claude-code",
  "claude-code-stream",
  "codex",
  "openai-agents",
  "langfuse",
  "jaeger",
  "openinference",
  "otlp-json",
  "iteration-log",
  "mini-swe-agent",
  "swe-agent",
  "openai-chat",
  "gemini-cli",
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** docs/format.md records as written on the wire: the input of the zod schemas. */
export type SpanWire = z.input<typeof SpanRecord.schema> & { type: "span" };
export type IterationWire = z.input<typeof IterationRecord.schema>;
export type EventWire = z.input<typeof EventRecord.schema>;
export type TaskWire = z.input<typeof TaskRecord.schema>;
export type RunWire = z.input<typeof RunRecord.schema>;
export type WireRecord = SpanWire | IterationWire | EventWire | TaskWire | RunWire;

/** What the upload knows about a file apart from its content. */
export type ImportContext = {
  /** The run the upload names (`?run_id=`, `--run`): every session of the file joins it. */
  runId: string | null;
  /** The file's modification time in epoch µs (`?ended_at=`): where a log without times ends. */
  endedAtUs: number | null;
  /** The file's base name (`X-Loopscope-Filename`), for formats that take their run id from it. */
  fileName: string | null;
  /**
   * The file is still being written (`?live=1`, `loopscope watch`): a transcript
   * importer keeps back the tool calls of the current turn that have no result yet
   * (docs/import.md#watching-a-live-session), so they are stored once, when it comes.
   */
  live: boolean;
  /**
   * How much text the records keep, per field (docs/import.md#text-caps: LOOPSCOPE_TEXT_CAPS,
   * `--text-caps`); unset: the defaults. Applied to what the mapper yields (open-import.ts).
   */
  textCaps?: TextCaps;
};

/** One input item: a parsed JSON line (or array element, or whole document: lineNo 1), or a text line. */
export type JsonItem = { lineNo: number; value: unknown };
export type TextItem = { lineNo: number; text: string };

/** What a mapper yields for a source line: a record to store, a rejection, or a deliberate skip. */
/** A skip names what it skipped (`kind`: the line's type, e.g. `progress`), for the upload's summary. */
export type ImportOutput =
  | { lineNo: number; record: WireRecord }
  | { lineNo: number; error: string }
  | { lineNo: number; skipped: true; kind?: string };

export type ImportMapper<I> = {
  /** Map one item; records that need later lines are yielded by a later push or by `end`. */
  push(item: I): Iterable<ImportOutput>;
  /** The file ended: flush what is still open (an unanswered tool call, the last turn). */
  end(): Iterable<ImportOutput>;
};

/**
 * A format's importer. `json` importers are fed one parsed value per JSONL
 * line, or per element of a top-level JSON array, or the whole document once
 * (lineNo 1) when the file is one JSON object; `text` importers get raw lines.
 */
export type Importer =
  | { format: ImportFormat; input: "json"; create(ctx: ImportContext): ImportMapper<JsonItem> }
  | { format: ImportFormat; input: "text"; create(ctx: ImportContext): ImportMapper<TextItem> };

/**
 * Transcript iterations (agent sessions) are numbered across the whole run,
 * which may span several files: a mapper numbers a session's turns 1, 2, …
 * and names each with `source_key` (unique in the run, stable across
 * uploads, e.g. `<session id>#<prompt uuid>`); the ingest places them among
 * the run's other iterations by time (lib/import/place-iterations.ts).
 */
export const SOURCE_KEY = "source_key";

/**
 * A transcript span names the iteration it belongs to (docs/import.md#agent-transcripts):
 * its turn's `source_key` as `iteration_key` (kept in `meta`), and the turn's number in
 * the session as `iteration`; the ingest renumbers the span with its iteration
 * (lib/import/place-spans.ts). A span that can only know its parent (a subagent's
 * file) says `iteration_from: "parent"` instead: it takes its parent span's iteration.
 */
export const ITERATION_KEY = "iteration_key";
export const ITERATION_FROM = "iteration_from";
