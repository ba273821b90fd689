// One HTTP request on a TCP connection of its own (curl's way). A pooled
// keep-alive connection left idle past the server's keep-alive timeout (Node's
// 5 s) may be closed by the server just as the next request starts on it, and
// fetch then fails with "other side closed": tests and benches that post while
// the server is busy use this instead.
import { request, type IncomingHttpHeaders } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

/** GET `url`, or POST `body` to it as JSONL; the status and the body's text. */
export function requestOnOwnConnection(
  url: string,
  body?: Blob,
): Promise<{ status: number; text: string; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const headers = body ? { "content-type": "application/x-ndjson", "content-length": String(body.size) } : {};
    const req = request(url, { method: body ? "POST" : "GET", agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8"), headers: res.headers }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    if (body) Readable.fromWeb(body.stream() as WebReadableStream<Uint8Array>).pipe(req);
    else req.end();
  });
}
