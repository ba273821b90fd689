// lib/http/read-body.ts: a body read whole is capped before it is held — a
// declared length over the cap reads nothing, a stream over it is cut at the
// chunk that crosses it — and a body that is not JSON is named, never quoted.
import { describe, expect, test } from "vitest";
import { BodyTooLargeError, describeBytes, parseJsonBytes, readBodyCapped } from "@/lib/http/read-body";

const CHUNK_BYTES = 16 * 1024;

/** A stream of `totalBytes` in CHUNK_BYTES chunks, made only when pulled, one tick apart; counts what was pulled. */
function slowStream(totalBytes: number) {
  const seen = { pulledBytes: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (seen.pulledBytes >= totalBytes) return controller.close();
      seen.pulledBytes += CHUNK_BYTES;
      controller.enqueue(new Uint8Array(CHUNK_BYTES).fill(0x20));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

const bytesOf = (text: string) => new TextEncoder().encode(text);

describe("readBodyCapped", () => {
  test("a slow 100 MB stream is cancelled once the cap is passed, having pulled about the cap", async () => {
    const limit = 64 * 1024;
    const { stream, seen } = slowStream(100 * 1024 * 1024);
    await expect(readBodyCapped(stream, null, limit)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(seen.cancelled).toBe(true);
    // The crossing chunk, and at most one more the stream queued ahead.
    expect(seen.pulledBytes).toBeLessThanOrEqual(limit + 2 * CHUNK_BYTES);
  });

  test("a Content-Length over the cap is refused before a byte is pulled", async () => {
    const { stream, seen } = slowStream(1024 * 1024);
    await expect(readBodyCapped(stream, String(1024 * 1024), 64 * 1024)).rejects.toThrow(
      "over the 64 KiB limit of this endpoint",
    );
    expect(seen.pulledBytes).toBeLessThanOrEqual(CHUNK_BYTES); // at most the stream's own first pull
  });

  test("a body exactly at the cap is read whole, a byte more is refused", async () => {
    const at = new Response("x".repeat(1000)).body;
    expect((await readBodyCapped(at, null, 1000)).byteLength).toBe(1000);
    const over = new Response("x".repeat(1001)).body;
    await expect(readBodyCapped(over, null, 1000)).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  test("a short Content-Length does not let a longer stream through", async () => {
    const { stream } = slowStream(1024 * 1024);
    await expect(readBodyCapped(stream, "10", 64 * 1024)).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  test("no body is no bytes", async () => {
    expect((await readBodyCapped(null, null, 10)).byteLength).toBe(0);
  });
});

describe("parseJsonBytes", () => {
  test.each([
    ["JSON text is its value", '{"a":1}', { ok: true, value: { a: 1 } }],
    ["an empty body says so", "  ", { ok: false, problem: "the body is empty" }],
    ["malformed JSON is named, not quoted", '{"password":"hunter2"', { ok: false, problem: "the body is not JSON" }],
  ])("%s", (_, text, expected) => {
    expect(parseJsonBytes(bytesOf(text))).toEqual(expected);
  });

  test("bytes that are not UTF-8 are named as such", () => {
    expect(parseJsonBytes(new Uint8Array([0x7b, 0xff, 0x7d]))).toEqual({
      ok: false,
      problem: "the body is not UTF-8 text",
    });
  });
});

test.each([
  [65536, "64 KiB"],
  [1048576, "1 MiB"],
  [1000, "1000 bytes"],
])("describeBytes(%i) is %s", (bytes, text) => {
  expect(describeBytes(bytes)).toBe(text);
});
