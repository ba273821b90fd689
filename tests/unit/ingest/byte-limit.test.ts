// lib/ingest/byte-limit.ts, line-reader.ts and open-import.ts under the caps
// of docs/api.md#limits: the upload cap counts bytes after gunzip and stops at
// the first chunk past it; a document held whole has its own cap; blank lines
// are counted, never yielded, so a body of newlines costs one scan.
import { gzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { ByteLimitError, limitBytes } from "@/lib/ingest/byte-limit";
import { ingestItems, IngestAbortedError } from "@/lib/ingest/ingest-stream";
import { maybeGunzip, readLines, type Line } from "@/lib/ingest/line-reader";
import { openImport } from "@/lib/import/open-import";

const CTX = { runId: null, endedAtUs: null, fileName: null, live: false };

async function* chunks(...parts: (string | Buffer)[]) {
  for (const p of parts) yield typeof p === "string" ? Buffer.from(p) : p;
}
async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
/** A gzip body of `members` members, each `size` bytes of `byte` unpacked. */
const gzipOf = (byte: number, size: number, members = 1) =>
  Buffer.concat(Array.from({ length: members }, () => gzipSync(Buffer.alloc(size, byte))));

describe("limitBytes", () => {
  test("passes a body at the cap and stops at the first chunk past it", async () => {
    expect(await collect(limitBytes(chunks("abc", "de"), 5))).toHaveLength(2);
    const seen: number[] = [];
    const err = await (async () => {
      for await (const c of limitBytes(chunks("abc", "def", "ghi"), 5)) seen.push(c.byteLength);
    })().catch((e: unknown) => e);
    expect(seen).toEqual([3]);
    expect(err).toBeInstanceOf(ByteLimitError);
    expect(err).toMatchObject({ limitBytes: 5, kind: "upload" });
  });
});

describe("openImport with caps", () => {
  test("the upload cap counts bytes after gunzip: a 4 KiB gzip of 4 MiB is over a 1 MiB cap", async () => {
    const body = gzipOf(0x78, 1024 * 1024, 4);
    expect(body.byteLength).toBeLessThan(16 * 1024);
    const opened = await openImport(chunks(body), CTX, null, { maxBytes: 1024 * 1024 });
    const err = await ingestItems(opened.items, { writeBatch: async () => {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IngestAbortedError);
    expect((err as IngestAbortedError).cause).toMatchObject({ kind: "upload", limitBytes: 1024 * 1024 });
  });

  test("a JSON document over the document cap is refused before it is parsed", async () => {
    const doc = JSON.stringify([{ name: "a", t0: 1, meta: { pad: "x".repeat(4000) } }]);
    const err = await openImport(chunks(doc), CTX, null, { maxDocumentBytes: 1000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ByteLimitError);
    expect(err).toMatchObject({ kind: "document", limitBytes: 1000 });
  });

  test("records read before the cap are stored, and the abort says so", async () => {
    const line = `${JSON.stringify({ run_id: "r-cut", name: "a", t0: 1 })}\n`;
    const lines = Array.from({ length: 3000 }, () => line); // past the 64 KiB that detection reads first
    const stored: unknown[] = [];
    const opened = await openImport(chunks(...lines, "x".repeat(200)), CTX, null, {
      maxBytes: line.length * 3000 + 10,
    });
    const err = await ingestItems(opened.items, { writeBatch: async (b) => void stored.push(...b) }).catch(
      (e: unknown) => e as IngestAbortedError,
    );
    expect(err).toMatchObject({ stage: "read", partial: { accepted: 3000, runs: ["r-cut"] } });
    expect(stored).toHaveLength(3000);
  });
});

describe("blank lines", () => {
  test("are counted but not yielded: the next line keeps its number", async () => {
    const lines = await collect(readLines(chunks("\n\n  \r\n\t\n", '{"a":1}\n', "\n".repeat(600), '{"b":2}')));
    expect(lines).toEqual<Line[]>([
      { lineNo: 5, text: '{"a":1}' },
      { lineNo: 606, text: '{"b":2}' },
    ]);
  });

  test("a line that starts with blanks keeps them", async () => {
    expect(await collect(readLines(chunks("  {}\n")))).toEqual([{ lineNo: 1, text: "  {}" }]);
  });

  test("16 MiB of gzipped newlines yield nothing and end", async () => {
    const lines = await collect(readLines(maybeGunzip(chunks(gzipOf(10, 1024 * 1024, 16)))));
    expect(lines).toEqual([]);
  });
});
