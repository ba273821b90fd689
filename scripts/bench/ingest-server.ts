// A bare node:http server around the real ingest route handler, so the upload
// benchmark can measure one process's memory without a Next build.
import { createServer } from "node:http";
import { Readable } from "node:stream";
import { POST } from "@/app/api/v1/ingest/route";

const server = createServer(async (req, res) => {
  if (req.url?.startsWith("/api/v1/ingest") && req.method === "POST") {
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: "POST",
      headers: req.headers as Record<string, string>,
      body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
      duplex: "half",
    } as RequestInit);
    const response = await POST(request);
    res.writeHead(response.status, { "content-type": "application/json" });
    res.end(Buffer.from(await response.arrayBuffer()));
    return;
  }
  res.writeHead(200).end("ok");
});
server.listen(Number(process.env.PORT));
