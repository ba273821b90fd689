// Request bodies that attack the ingest's size limits (docs/api.md#limits):
// gzip bombs that are small on the wire and huge once unpacked, and a body
// delivered in network-sized chunks. Shared by the limits tests and the
// robustness benchmark.
import { gzipSync } from "node:zlib";

export const MiB = 1024 * 1024;

/** A gzip body of `mib` members of 1 MiB of `byte` each (≈1 KiB apiece), after an optional first member. */
export function gzipBomb(byte: number, mib: number, first = ""): Buffer {
  const member = gzipSync(Buffer.alloc(MiB, byte), { level: 9 });
  return Buffer.concat([...(first ? [gzipSync(first)] : []), ...Array.from({ length: mib }, () => member)]);
}

/** The body as the network delivers it: 64 KiB chunks. */
export function streamOf(bytes: Uint8Array, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.subarray(at, at + chunk));
      at += chunk;
    },
  });
}
