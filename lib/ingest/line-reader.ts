// Streaming line reader for docs/format.md JSONL: bytes in, numbered lines out.
// O(line) memory: a chunk is split on "\n" (a byte never inside a UTF-8
// sequence), a line longer than `maxLineBytes` is reported and skipped
// without being buffered. Strips a UTF-8 BOM and a trailing "\r".
// Gzip is detected by its magic bytes, whatever the file name says.
import { createGunzip } from "node:zlib";
import { Readable } from "node:stream";

export type Line = { lineNo: number; text: string } | { lineNo: number; tooLongBytes: number };

export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

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
    yield* Readable.from(replay(), { objectMode: false }).pipe(createGunzip()) as AsyncIterable<Uint8Array>;
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
    for (let nl = buf.indexOf(10, start); nl !== -1; nl = buf.indexOf(10, start)) {
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
