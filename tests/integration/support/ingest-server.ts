// The real ingest route (app/api/v1/ingest) behind a real HTTP server on a
// free port, for the CLI's tests: each request's query is noted, nothing is
// mocked. The route's database is whatever the suite pointed it at.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { POST as ingest } from "@/app/api/v1/ingest/route";

export type IngestServer = {
  url: string;
  /** The query of every request so far; the test empties it when it likes. */
  requests: Record<string, string>[];
  close(): Promise<void>;
};

export async function startIngestServer(): Promise<IngestServer> {
  const requests: Record<string, string>[] = [];
  let url = "";
  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const target = new URL(req.url ?? "/", url);
    requests.push(Object.fromEntries(target.searchParams));
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    const response = await ingest(
      new Request(target, { method: req.method, headers, body, duplex: "half" } as RequestInit),
    );
    res.writeHead(response.status, { "content-type": "application/json" });
    res.end(Buffer.from(await response.arrayBuffer()));
  };
  const server = createServer((req, res) => void forward(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
