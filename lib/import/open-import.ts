// docs/import.md#detection — an uploaded file's bytes → the items the ingest
// pipeline stores (lib/ingest/ingest-stream.ts), whatever its format. The
// first 64 KiB (after gunzip) decide the format (detect.ts) unless the
// caller forces one; JSONL and Markdown stream line by line, O(line) memory;
// a file that is one JSON document is held whole (`maxDocumentBytes` caps it)
// and fed to its importer once, or element by element for an array.
// `maxBytes` caps the bytes after gunzip (docs/api.md#limits): past either
// cap the source throws a ByteLimitError, before the bytes are held.
// Transcript iterations get provisional numbers here (place-iterations.ts),
// and a span that names its iteration's key leaves its number to the
// placement (place-spans.ts): until then it has none. Every record an importer
// yields has its texts cut to the context's caps (docs/import.md#text-caps).
import { ByteLimitError, limitBytes } from "../ingest/byte-limit";
import type { IngestItem } from "../ingest/ingest-stream";
import { maybeGunzip, readLines } from "../ingest/line-reader";
import { capRecord } from "./cap-records";
import { classifyValue, detectFormat, type FileShape } from "./detect";
import { provisionalN } from "./place-iterations";
import { importerFor } from "./registry";
import { DEFAULT_TEXT_CAPS } from "./text-caps";
import {
  ITERATION_KEY,
  SOURCE_KEY,
  type ImportContext,
  type ImportFormat,
  type ImportOutput,
  type Importer,
} from "./types";

const HEAD_BYTES = 64 * 1024;

export type OpenedImport = { format: ImportFormat; items: AsyncIterable<IngestItem> };

/** Caps in bytes, both counted after gunzip; unset: no cap (a local file). */
export type ImportLimits = { maxBytes?: number; maxDocumentBytes?: number };

/**
 * Every item of a file held whole, read as an upload of it reads it (its format
 * detected, no caps, no time for where it ended): the examples' records for the
 * guard's replay check and the validator's parity test.
 */
export async function importItemsOf(
  bytes: Uint8Array,
  fileName: string,
  runId: string | null = null,
): Promise<IngestItem[]> {
  const ctx = { runId, endedAtUs: null, fileName, live: false, textCaps: DEFAULT_TEXT_CAPS };
  const { items } = await openImport(
    (async function* () {
      yield bytes;
    })(),
    ctx,
  );
  const out: IngestItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** Detect (or take) the file's format and return its items, ready for `ingestItems`. */
export async function openImport(
  source: AsyncIterable<Uint8Array>,
  ctx: ImportContext,
  forced: ImportFormat | Importer | null = null,
  limits: ImportLimits = {},
): Promise<OpenedImport> {
  if (forced !== null && typeof forced === "object") return openWith(source, ctx, forced, limits);
  const { head, rest } = await peek(unpack(source, limits), HEAD_BYTES);
  const headText = Buffer.concat(head).toString("utf8");
  const detected = detectFormat(headText);
  const shape: FileShape = forced === "iteration-log" ? "lines" : detected.shape;
  const bytes = replay(head, rest);
  if (shape === "document") {
    const doc = await readDocument(bytes, limits.maxDocumentBytes);
    const format = forced ?? (doc.ok ? (classifyValue(doc.value) ?? detected.format) : detected.format);
    return { format, items: documentItems(doc, importerFor(format), ctx) };
  }
  const format = forced ?? detected.format;
  const importer = importerFor(format);
  return { format, items: importer === null ? readLines(bytes) : lineItems(readLines(bytes), importer, ctx) };
}

type Doc = { ok: true; value: unknown } | { ok: false; message: string };

/** Read the file with this importer (the tests feed a fixture to its importer this way). */
async function openWith(
  source: AsyncIterable<Uint8Array>,
  ctx: ImportContext,
  importer: Importer,
  limits: ImportLimits,
): Promise<OpenedImport> {
  const { head, rest } = await peek(unpack(source, limits), HEAD_BYTES);
  const shape = importer.input === "text" ? "lines" : detectFormat(Buffer.concat(head).toString("utf8")).shape;
  const bytes = replay(head, rest);
  const items =
    shape === "document"
      ? documentItems(await readDocument(bytes, limits.maxDocumentBytes), importer, ctx)
      : lineItems(readLines(bytes), importer, ctx);
  return { format: importer.format, items };
}

/** The body gunzipped, and cut off past `maxBytes` of it. */
function unpack(source: AsyncIterable<Uint8Array>, { maxBytes }: ImportLimits): AsyncIterable<Uint8Array> {
  const unpacked = maybeGunzip(source);
  return maxBytes === undefined ? unpacked : limitBytes(unpacked, maxBytes);
}

async function readDocument(bytes: AsyncIterable<Uint8Array>, maxBytes = Infinity): Promise<Doc> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of bytes) {
    size += c.byteLength;
    if (size > maxBytes) throw new ByteLimitError(maxBytes, "document");
    chunks.push(Buffer.from(c));
  }
  const text = Buffer.concat(chunks)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    return { ok: false, message: `not valid JSON: ${(err as Error).message}` };
  }
}

async function* documentItems(doc: Doc, importer: Importer | null, ctx: ImportContext): AsyncGenerator<IngestItem> {
  if (!doc.ok) {
    yield { lineNo: 1, error: doc.message };
    return;
  }
  const values = Array.isArray(doc.value) ? doc.value : [doc.value];
  if (importer === null) {
    for (let i = 0; i < values.length; i++) yield { lineNo: i + 1, value: values[i] };
    return;
  }
  if (importer.input === "text") {
    yield { lineNo: 1, error: `a ${importer.format} file is text, not JSON` };
    return;
  }
  const mapper = importer.create(ctx);
  for (let i = 0; i < values.length; i++) yield* itemsOf(mapper.push({ lineNo: i + 1, value: values[i] }), ctx);
  yield* itemsOf(mapper.end(), ctx);
}

async function* lineItems(
  lines: AsyncIterable<{ lineNo: number; text: string } | { lineNo: number; tooLongBytes: number }>,
  importer: Importer,
  ctx: ImportContext,
): AsyncGenerator<IngestItem> {
  if (importer.input === "text") {
    const mapper = importer.create(ctx);
    for await (const line of lines) {
      if ("tooLongBytes" in line) yield line;
      else if (line.text.trim() !== "") yield* itemsOf(mapper.push(line), ctx); // blank lines carry nothing: not even a skip
    }
    yield* itemsOf(mapper.end(), ctx);
    return;
  }
  const mapper = importer.create(ctx);
  for await (const line of lines) {
    if ("tooLongBytes" in line) {
      yield line;
      continue;
    }
    if (line.text.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line.text);
    } catch (err) {
      yield { lineNo: line.lineNo, error: `not valid JSON: ${(err as Error).message}` };
      continue;
    }
    yield* itemsOf(mapper.push({ lineNo: line.lineNo, value }), ctx);
  }
  yield* itemsOf(mapper.end(), ctx);
}

/**
 * An importer's outputs as ingest items: texts cut to the caps (cap-records.ts), the upload's run wins;
 * transcript iterations numbered provisionally, their spans not yet.
 */
function* itemsOf(outputs: Iterable<ImportOutput>, ctx: ImportContext): Generator<IngestItem> {
  const caps = ctx.textCaps ?? DEFAULT_TEXT_CAPS;
  for (const o of outputs) {
    if (!("record" in o)) {
      yield o;
      continue;
    }
    const record: Record<string, unknown> = { ...capRecord(o.record, caps) };
    if (ctx.runId !== null) record.run_id = ctx.runId;
    const key = record[SOURCE_KEY];
    if (record.type === "iteration" && typeof key === "string") record.n = provisionalN(key);
    if (record.type === "span" && typeof record[ITERATION_KEY] === "string") record.iteration = null;
    yield { lineNo: o.lineNo, value: record };
  }
}

async function peek(
  source: AsyncIterable<Uint8Array>,
  bytes: number,
): Promise<{ head: Buffer[]; rest: AsyncIterator<Uint8Array> }> {
  const it = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  while (size < bytes) {
    const next = await it.next();
    if (next.done) break;
    const buf = Buffer.from(next.value);
    head.push(buf);
    size += buf.length;
  }
  return { head, rest: it };
}

async function* replay(head: Buffer[], rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  yield* head;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}
