// docs/api.md#limits — the caps on how many bytes an upload may bring in.
// The upload cap counts the bytes after gunzip (a small gzip body may unpack
// to gigabytes), and the stream stops at the first chunk past it, so nothing
// beyond the cap is ever read or held. A whole-document cap is smaller: a
// file that is one JSON document is held in memory while it is parsed.
// O(1) per chunk; does not buffer.

/** Which cap was passed: the whole upload's, or the one on a file held whole. */
export type ByteLimitKind = "upload" | "document";

/** Thrown by the source when a cap is passed; the transport turns it into a 413. */
export class ByteLimitError extends Error {
  override name = "ByteLimitError";
  constructor(
    readonly limitBytes: number,
    readonly kind: ByteLimitKind,
  ) {
    super(`the ${kind} is over the limit of ${limitBytes} bytes`);
  }
}

/** Yield `source` unchanged until more than `limitBytes` have passed, then throw a ByteLimitError. */
export async function* limitBytes(
  source: AsyncIterable<Uint8Array>,
  limitBytes: number,
  kind: ByteLimitKind = "upload",
): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.byteLength;
    if (total > limitBytes) throw new ByteLimitError(limitBytes, kind);
    yield chunk;
  }
}
