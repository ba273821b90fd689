// Streaming line reader for docs/format.md JSONL: bytes in, numbered lines out.
// O(line) memory: a chunk is split on "\n" (a byte never inside a UTF-8
// sequence), a line longer than `maxLineBytes` is reported and skipped
// without being buffered. Strips a UTF-8 BOM and a trailing "\r".
// Blank lines (only spaces, tabs, "\r") are counted, never yielded: a run of
// them costs one byte scan, so a body of newlines is read at memory speed
// (docs/api.md#limits). Gzip is detected by its magic bytes, whatever the
// file name says, and inflated in 64 KiB pieces as the reader asks for them.
import { createGunzip } from "node:zlib";
import { pipeline, Readable } from "node:stream";

export type Line = { lineNo: number; text: string } | { lineNo: number; tooLongBytes: number };

export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;
/** zlib's output piece: 4× its default, a quarter of the per-chunk overhead on a big upload. */
const GUNZIP_CHUNK_BYTES = 64 * 1024;
const NEWLINES = Buffer.alloc(256, 10);

/** Yield the source unchanged, or gunzipped when it starts with the gzip magic. */
export async function* maybeGunzip(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const it = source[Symbol.asyncIterator]();
  const first = await it.next();
  if (first.done) return;
  const head = first.value;
  const rest: AsyncIterable<Uint8Array> = {
    [Symbol.asyncIterator]: () => ({
      next: () => it.next(),
      return: async () => (it.return ? it.return() : { done: true, value: undefined }),
    }),
  };
  async function* replay() {
    yield head;
    yield* rest;
  }
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) {
    // pipeline, not pipe: a reader that stops early destroys the source too (the request body is cancelled).
    const gunzip = createGunzip({ chunkSize: GUNZIP_CHUNK_BYTES });
    pipeline(Readable.from(replay(), { objectMode: false }), gunzip, () => {}); // errors surface on `gunzip`
    yield* gunzip as AsyncIterable<Uint8Array>;
  } else {
    yield* replay();
  }
}

export async function* readLines(
  source: AsyncIterable<Uint8Array>,
  maxLineBytes = DEFAULT_MAX_LINE_BYTES,
): AsyncGenerator<Line> {
  let parts: Buffer[] = [];
  let partBytes = 0;
  let skipping = 0; // > 0 while discarding an over-long line: its size so far
  let lineNo = 0;

  const finish = (tail: Buffer): Line => {
    lineNo += 1;
    if (skipping > 0) {
      const size = skipping + tail.length;
      skipping = 0;
      return { lineNo, tooLongBytes: size };
    }
    const buf = parts.length === 0 ? tail : Buffer.concat([...parts, tail]);
    parts = [];
    partBytes = 0;
    return { lineNo, text: decodeLine(buf, lineNo === 1) };
  };

  for await (const chunk of source) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    for (;;) {
      if (partBytes === 0 && skipping === 0) {
        const blank = skipBlankLines(buf, start);
        lineNo += blank.lines;
        start = blank.next;
      }
      const nl = buf.indexOf(10, start);
      if (nl === -1) break;
      yield finish(buf.subarray(start, nl));
      start = nl + 1;
    }
    if (start < buf.length) {
      const rest = buf.subarray(start);
      if (skipping > 0) skipping += rest.length;
      else if (partBytes + rest.length > maxLineBytes) {
        skipping = partBytes + rest.length;
        parts = [];
        partBytes = 0;
      } else {
        parts.push(Buffer.from(rest)); // copy: the source may reuse its chunk
        partBytes += rest.length;
      }
    }
  }
  if (partBytes > 0 || skipping > 0) yield finish(Buffer.alloc(0));
}

function decodeLine(buf: Buffer, first: boolean): string {
  let end = buf.length;
  if (end > 0 && buf[end - 1] === 13) end -= 1;
  let start = 0;
  if (first && end >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3;
  return buf.toString("utf8", start, end);
}

/**
 * From a line start: the blank lines there (only " ", "\t", "\r" before
 * their "\n") and where the first line that is not blank starts. Trailing
 * blanks without their "\n" are left for the caller. O(bytes skipped).
 */
function skipBlankLines(buf: Buffer, start: number): { lines: number; next: number } {
  let lines = 0;
  let next = start;
  let i = start;
  // Whole blocks of "\n" by one memcmp each: a body of newlines costs little more than its gunzip.
  while (i + NEWLINES.length <= buf.length && buf.compare(NEWLINES, 0, NEWLINES.length, i, i + NEWLINES.length) === 0) {
    i += NEWLINES.length;
    lines += NEWLINES.length;
    next = i;
  }
  for (; i < buf.length; i++) {
    const b = buf[i];
    if (b === 10) {
      lines += 1;
      next = i + 1;
    } else if (b !== 32 && b !== 9 && b !== 13) break;
  }
  return { lines, next };
}
