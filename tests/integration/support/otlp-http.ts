// Drive the OTLP route handlers two ways: in-process (a web Request straight
// into app/v1/*/route.ts) and over real HTTP through a bare node:http server
// that turns each IncomingMessage into a streamed web Request — so the real
// OpenTelemetry exporters talk to the real handlers without a Next build.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { POST as postLogs } from "@/app/v1/logs/route";
import { POST as postMetrics } from "@/app/v1/metrics/route";
import { POST as postTraces } from "@/app/v1/traces/route";
import { otlpMessageType } from "@/lib/otlp/proto-schema";

export type OtlpPath = "traces" | "logs" | "metrics";

const HANDLERS: Record<OtlpPath, (req: Request) => Promise<Response>> = {
  traces: postTraces,
  logs: postLogs,
  metrics: postMetrics,
};

export type OtlpReply = { status: number; headers: Headers; contentType: string; body: Record<string, unknown> };

/** Decode a receiver response (JSON, or a protobuf Export*ServiceResponse / Status) into a plain object. */
export async function readReply(path: OtlpPath, res: Response): Promise<OtlpReply> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const contentType = res.headers.get("content-type") ?? "";
  let body: Record<string, unknown> = {};
  if (contentType.startsWith("application/json"))
    body = JSON.parse(Buffer.from(bytes).toString("utf8")) as Record<string, unknown>;
  else if (bytes.byteLength > 0 && path !== "metrics") {
    const name =
      res.status === 200
        ? path === "traces"
          ? "ExportTraceServiceResponse"
          : "ExportLogsServiceResponse"
        : "RpcStatus";
    const type = otlpMessageType(name);
    body = type.toObject(type.decode(bytes), { longs: Number }) as Record<string, unknown>;
  }
  return { status: res.status, headers: res.headers, contentType, body };
}

/** POST a body to /v1/<path> in-process. */
export async function postOtlp(
  path: OtlpPath,
  body: Uint8Array | ReadableStream<Uint8Array>,
  headers: Record<string, string>,
): Promise<OtlpReply> {
  const req = new Request(`http://test.local/v1/${path}`, {
    method: "POST",
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  return readReply(path, await HANDLERS[path](req));
}

function toWebRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(", ") : value);
  }
  return new Request(`http://127.0.0.1${req.url ?? "/"}`, {
    method: req.method,
    headers,
    body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as RequestInit);
}

async function serve(req: IncomingMessage, res: ServerResponse, seen: string[]): Promise<void> {
  const path = (req.url ?? "").replace(/^\/v1\//, "").split("?")[0] as OtlpPath;
  const handler = req.method === "POST" ? HANDLERS[path] : undefined;
  if (!handler) {
    res.writeHead(404).end();
    return;
  }
  seen.push(`${path} ${req.headers["content-type"]} ${req.headers["content-encoding"] ?? "identity"}`);
  const response = await handler(toWebRequest(req));
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** A local HTTP server in front of the route handlers; `requests` lists what it received. */
export async function startOtlpServer(): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    serve(req, res, requests).catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
