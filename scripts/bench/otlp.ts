// `npm run bench -- otlp [--spans N] [--batch 512] [--concurrency 1]` —
// Spans/s through POST /v1/traces (OTLP/JSON and
// OTLP/protobuf bodies made by the official OpenTelemetry serializers, in
// batches of 512 like BatchSpanProcessor) into a throwaway Postgres database,
// next to the JSONL ingest rate of the very same rows (ingestItems +
// writeBatch). The receiver (app/_server/otlp-receiver.ts) runs in-process
// behind a bare node:http server, so the figures include HTTP, decoding,
// mapping, validation and the writes, but no Next.js. Bodies are encoded
// before the clock starts. Each variant gets its own fresh database.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { JsonTraceSerializer, ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { sql } from "drizzle-orm";
import { receiveOtlp } from "@/app/_server/otlp-receiver";
import { rowsOf, type DbHandle } from "@/db/client";
import { openTempDatabase } from "@/db/temp-database";
import { ADMIN_URL } from "./support";
import { writeBatch } from "@/db/ingest-writer";
import { ingestItems } from "@/lib/ingest/ingest-stream";
import { readLines } from "@/lib/ingest/line-reader";
import { decodeTraceRequest, mapTraceRequest } from "@/lib/otlp";

type SdkSpans = Parameters<typeof ProtobufTraceSerializer.serializeRequest>[0];
type Variant = { label: string; contentType: string; bodies: Uint8Array<ArrayBuffer>[] };

const TOOLS = ["read_file", "edit_file", "run_tests", "search", "run_shell"];
const START_S = 1_767_225_600;
const TRACE_ID = "5b8efff798038103d269b633813fc60c";

function arg(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
}

/** `count` GenAI spans from `first` on, as the SDK's ReadableSpan objects: every 10th an agent turn, else tools and chats. */
function sdkSpans(first: number, count: number, runId: string): SdkSpans {
  const resource = { attributes: { "service.name": "bench-agent", "loopscope.run_id": runId } };
  return Array.from({ length: count }, (_, k) => {
    const i = first + k;
    const op = i % 10 === 0 ? "invoke_agent" : i % 10 === 1 ? "chat" : "execute_tool";
    const tool = TOOLS[i % TOOLS.length];
    const fails = op === "execute_tool" && i % 17 === 0;
    const t0 = START_S + i * 0.5;
    const attributes: Record<string, string | number> = {
      "gen_ai.operation.name": op,
      "loopscope.iteration": Math.floor(i / 10) + 1,
    };
    if (op === "execute_tool")
      Object.assign(attributes, { "gen_ai.tool.name": tool, "gen_ai.tool.call.id": `call_${i}` });
    if (op === "chat")
      Object.assign(attributes, {
        "gen_ai.request.model": "example-model",
        "gen_ai.usage.input_tokens": 1200 + (i % 300),
        "gen_ai.usage.output_tokens": 80,
      });
    return {
      name: op === "execute_tool" ? `execute_tool ${tool}` : op,
      kind: 0,
      spanContext: () => ({ traceId: TRACE_ID, spanId: (i + 1).toString(16).padStart(16, "0"), traceFlags: 1 }),
      parentSpanContext:
        op === "invoke_agent"
          ? undefined
          : {
              traceId: TRACE_ID,
              spanId: (i - (i % 10) + 1).toString(16).padStart(16, "0"),
              traceFlags: 1,
              isRemote: false,
            },
      startTime: [Math.floor(t0), Math.round((t0 % 1) * 1e9)],
      endTime: [Math.floor(t0 + 0.4), Math.round(((t0 + 0.4) % 1) * 1e9)],
      status: fails ? { code: 2, message: "exit code 1" } : { code: 0 },
      attributes,
      links: [],
      events: [],
      resource,
      instrumentationScope: { name: "bench", version: "1" },
      droppedAttributesCount: 0,
      droppedEventsCount: 0,
      droppedLinksCount: 0,
      ended: true,
      duration: [0, 400_000_000],
    };
  }) as unknown as SdkSpans;
}

function encodeBatches(spans: number, batch: number, runId: string, protobuf: boolean): Uint8Array<ArrayBuffer>[] {
  const out: Uint8Array<ArrayBuffer>[] = [];
  for (let first = 0; first < spans; first += batch) {
    const sdk = sdkSpans(first, Math.min(batch, spans - first), runId);
    out.push(
      new Uint8Array(
        (protobuf ? ProtobufTraceSerializer : JsonTraceSerializer).serializeRequest(sdk) ?? new Uint8Array(0),
      ),
    );
  }
  return out;
}

function tempDatabase(label: string) {
  return openTempDatabase(ADMIN_URL, `bench_otlp_${label}`);
}

async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const request = new Request(`http://127.0.0.1${req.url}`, {
    method: "POST",
    headers,
    body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as RequestInit);
  const response = await receiveOtlp("traces", request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** POST every body to /v1/traces, `concurrency` at a time; the ms it took. */
async function postAll(url: string, v: Variant, concurrency: number): Promise<number> {
  let next = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < v.bodies.length) {
      const body = v.bodies[next++];
      const res = await fetch(`${url}/v1/traces`, { method: "POST", headers: { "content-type": v.contentType }, body });
      const text = await res.text();
      if (res.status !== 200 || (text !== "{}" && text !== ""))
        throw new Error(`${v.label}: ${res.status} ${text.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return performance.now() - start;
}

async function countSpans(h: DbHandle): Promise<number> {
  return Number(rowsOf<{ n: number }>(await h.db.execute(sql`SELECT count(*)::int AS n FROM spans`))[0]?.n);
}

const mb = (bodies: Uint8Array[]) => (bodies.reduce((n, b) => n + b.byteLength, 0) / 1048576).toFixed(1);
const perS = (n: number, ms: number) => `${Math.round((n / ms) * 1000).toLocaleString("en-US")} spans/s`;
const line = (label: string, value: string, note: string) =>
  console.log(`  ${label.padEnd(50)} ${value.padStart(16)}   ${note}`);

export async function run(args: string[]): Promise<void> {
  // The receiver in process, as an open server: the figures are of the ingest, not of key checks.
  process.env.LOOPSCOPE_AUTH = "off";
  const spans = arg(args, "spans", 200_000);
  const batch = arg(args, "batch", 512);
  const concurrency = arg(args, "concurrency", 1);
  const variants: Variant[] = [
    {
      label: "OTLP http/json → /v1/traces",
      contentType: "application/json",
      bodies: encodeBatches(spans, batch, "bench-otlp", false),
    },
    {
      label: "OTLP http/protobuf → /v1/traces",
      contentType: "application/x-protobuf",
      bodies: encodeBatches(spans, batch, "bench-otlp", true),
    },
  ];
  console.log(
    `${spans.toLocaleString("en-US")} GenAI spans in ${variants[0]!.bodies.length} requests of ≤${batch}, ${concurrency} in flight; Postgres at ${new URL(ADMIN_URL).host}`,
  );

  const server = createServer(
    (req, res) => void forward(req, res).catch((err: unknown) => res.writeHead(500).end(String(err))),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const slot = globalThis as unknown as { loopscopeDb?: Promise<DbHandle> };
  const msOf = new Map<string, number>();
  try {
    for (const v of variants) {
      const h = await tempDatabase(v.contentType.endsWith("json") ? "json" : "proto");
      slot.loopscopeDb = Promise.resolve(h);
      try {
        const ms = await postAll(url, v, concurrency);
        msOf.set(v.label, ms);
        const stored = await countSpans(h);
        line(
          v.label,
          perS(spans, ms),
          `${(ms / 1000).toFixed(1)} s, ${mb(v.bodies)} MB of bodies, ${stored} spans stored`,
        );
      } finally {
        await h.close();
      }
    }
    const jsonlMs = await benchJsonl(variants[0]!.bodies, spans);
    const jsonMs = msOf.get(variants[0]!.label)!; // every variant was posted above
    line("ratio OTLP/JSON / JSONL (target ≥ 0.8)", (jsonlMs / jsonMs).toFixed(2), `${concurrency} in flight`);
    benchDecodeOnly(variants, spans);
  } finally {
    slot.loopscopeDb = undefined;
    server.closeAllConnections();
    server.close();
  }
}

/** The same rows as JSONL (the mapper's wire objects, one per line) through ingestItems + writeBatch. */
async function benchJsonl(jsonBodies: Uint8Array[], spans: number): Promise<number> {
  const lines: string[] = [];
  for (const body of jsonBodies) {
    const decoded = decodeTraceRequest(body, "application/json");
    if (!decoded.ok) throw new Error(decoded.message);
    for (const r of mapTraceRequest(decoded.request).records) lines.push(JSON.stringify(r));
  }
  const text = Buffer.from(`${lines.join("\n")}\n`);
  const h = await tempDatabase("jsonl");
  try {
    async function* chunks() {
      for (let i = 0; i < text.byteLength; i += 1 << 20) yield text.subarray(i, i + (1 << 20));
    }
    const start = performance.now();
    const result = await ingestItems(readLines(chunks()), { writeBatch: (b) => writeBatch(h.db, b) });
    const ms = performance.now() - start;
    line(
      "JSONL ingest, same rows (ingestItems+writeBatch)",
      perS(spans, ms),
      `${(ms / 1000).toFixed(1)} s, ${(text.byteLength / 1048576).toFixed(1)} MB JSONL, ${result.accepted} records, ${await countSpans(h)} spans stored`,
    );
    return ms;
  } finally {
    await h.close();
  }
}

/** Where the time goes: decoding + mapping alone, no HTTP and no database. */
function benchDecodeOnly(variants: Variant[], spans: number): void {
  for (const v of variants) {
    const start = performance.now();
    for (const body of v.bodies) {
      const decoded = decodeTraceRequest(body, v.contentType);
      if (!decoded.ok) throw new Error(decoded.message);
      mapTraceRequest(decoded.request);
    }
    line(
      `  decode+map only, ${v.contentType.endsWith("json") ? "JSON" : "protobuf"} (no HTTP, no DB)`,
      perS(spans, performance.now() - start),
      "",
    );
  }
}
