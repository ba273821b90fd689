// The real routes the CLI talks to (app/api/v1: POST ingest, and the reads
// `loopscope login` checks a key with: GET runs, GET auth/session) behind a
// real HTTP server on a free port, for the CLI's tests: each request's query
// is noted, nothing is mocked. The routes' database is whatever the suite
// pointed them at; any other method and path is a 404.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { GET as session } from "@/app/api/v1/auth/session/route";
import { POST as ingest } from "@/app/api/v1/ingest/route";
import { GET as listRuns } from "@/app/api/v1/runs/route";

const ROUTES: Record<string, (req: Request) => Promise<Response>> = {
  "POST /api/v1/ingest": ingest,
  "GET /api/v1/runs": listRuns,
  "GET /api/v1/auth/session": session,
};

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
    const route = ROUTES[`${req.method} ${target.pathname}`];
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const body = req.method === "GET" ? undefined : (Readable.toWeb(req) as ReadableStream<Uint8Array>);
    const response = await route(
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
