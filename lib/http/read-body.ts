// docs/api.md#json-bodies — a request body read whole (a JSON body of the account,
// settings, review and comment routes) is capped before it is held: a
// Content-Length over the cap is refused before a byte is read, and a body
// that streams past the cap (chunked, or lying about its length) is cancelled
// as soon as the chunk that crosses it arrives, so at most one chunk over the
// cap is ever held. Pure of Next: a web ReadableStream in, bytes out.
// O(body length). The streamed ingest and OTLP bodies have their own caps
// (lib/ingest/byte-limit.ts) and do not come here.

/** The cap of a JSON body when a route names none: 64 KiB. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/** A body over `limitBytes`: its size was declared, or that many bytes had arrived. */
export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  constructor(readonly limitBytes: number) {
    super(`the body is over the ${describeBytes(limitBytes)} limit of this endpoint`);
  }
}

/** `65536` → "64 KiB", `1048576` → "1 MiB", else bytes. */
export function describeBytes(bytes: number): string {
  if (bytes >= 1048576 && bytes % 1048576 === 0) return `${bytes / 1048576} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * The body's bytes, or a thrown BodyTooLargeError once more than `limitBytes`
 * were declared (`contentLength`, the header's value) or have arrived.
 */
export async function readBodyCapped(
  body: ReadableStream<Uint8Array> | null,
  contentLength: string | null,
  limitBytes: number,
): Promise<Uint8Array> {
  const declared = contentLength === null ? NaN : Number(contentLength);
  if (declared > limitBytes) {
    void body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(limitBytes);
  }
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    total += r.value.byteLength;
    if (total > limitBytes) {
      // Cancel, never drain: draining would still pull the whole body through the server.
      void reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(limitBytes);
    }
    chunks.push(r.value);
  }
  return concatChunks(chunks, total);
}

function concatChunks(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; problem: string };

/**
 * Bytes as JSON. The problem names what is wrong — not UTF-8, empty, not JSON —
 * and never quotes the body (the parser's own message does: it may hold a password).
 */
export function parseJsonBytes(bytes: Uint8Array): ParsedJson {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, problem: "the body is not UTF-8 text" };
  }
  if (text.trim() === "") return { ok: false, problem: "the body is empty" };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, problem: "the body is not JSON" };
  }
}

/**
 * Settings and what-if profiles: a `prices` override of every model of the
 * price catalog (about 1,700 models, some 100 bytes each: ~170 KB) fits six times.
 */
export const SETTINGS_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * A review: the verdict (5,000 characters) and 50 actions of 580 characters,
 * each character up to 6 bytes as a JSON `\u` escape, is ~210 KB at most.
 */
export const REVIEW_BODY_LIMIT_BYTES = 256 * 1024;
