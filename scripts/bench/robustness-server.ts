// The robustness benchmark's server and hostile uploads: a separate process
// running the real ingest route (ingest-server.ts) on PGlite or Postgres, its
// RSS sampled while decompression bombs and over-limit bodies go through it.
// Every response is tallied by status; a request the server never answered
// (a crash, a reset) counts as a failure, never as a success.
import { spawn, type ChildProcess } from "node:child_process";
import { request } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { gzipBomb, MiB } from "../../tests/integration/support/upload-bodies";
import { rssKb, waitForPort } from "./support";

/** The server's API key (LOOPSCOPE_API_KEY), sent with every request: auth stays on, as in production. */
const API_KEY = `bench-${Math.random().toString(36).slice(2)}-robustness`;

export type BenchServer = { port: number; pid: number; stderr: string[]; stop: () => Promise<void> };

/** Start the ingest server with `env` added (DATABASE_URL "" = PGlite under LOOPSCOPE_DATA_DIR). */
export async function startServer(env: Record<string, string>): Promise<BenchServer> {
  const port = 40000 + Math.floor(Math.random() * 1000);
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "ingest-server.ts")],
    {
      env: { ...process.env, LOOPSCOPE_API_KEY: API_KEY, ...env, PORT: String(port) },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  const stderr: string[] = [];
  child.stderr!.on("data", (d: Buffer) => stderr.push(d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await waitForPort(port);
  return {
    port,
    pid: child.pid!,
    stderr,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

const withKey = (headers: Record<string, string>) => ({ authorization: `Bearer ${API_KEY}`, ...headers });

export type Tally = { requests: number; by_status: Record<string, number>; failures: string[] };

export const newTally = (): Tally => ({ requests: 0, by_status: {}, failures: [] });
export const count5xx = (t: Tally) =>
  Object.entries(t.by_status).reduce((n, [s, k]) => n + (Number(s) >= 500 ? k : 0), 0);

/** POST a body to the server's ingest route; the JSON answer, or null when none came. */
export async function postIngest(
  port: number,
  body: BodyInit,
  headers: Record<string, string>,
  tally: Tally,
): Promise<{ status: number; body: Record<string, unknown> } | null> {
  tally.requests += 1;
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/ingest`, {
      method: "POST",
      headers: withKey(headers),
      body,
      duplex: "half",
    } as RequestInit);
    tally.by_status[res.status] = (tally.by_status[res.status] ?? 0) + 1;
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  } catch (err) {
    tally.failures.push(String((err as Error).cause ?? err));
    return null;
  }
}

/** A hostile body: bytes, or pieces written one after another. */
type HostileBody = Buffer | Iterable<Buffer>;
type Hostile = { label: string; body: () => HostileBody; headers: Record<string, string> };

const JSONL = { "content-type": "application/x-ndjson" };
const JSON_TYPE = { "content-type": "application/json" };
const bomb = gzipBomb;

/** `mib` MiB of newlines, uncompressed, in 1 MiB pieces. */
function* plainNewlines(mib: number): Generator<Buffer> {
  const piece = Buffer.alloc(MiB, 10);
  for (let i = 0; i < mib; i++) yield piece;
}

export const HOSTILE_UPLOADS: Hostile[] = [
  { label: "gzip bomb 2 MB → 2 GiB of NULs, as JSON", body: () => bomb(0, 2048), headers: JSON_TYPE },
  {
    label: "gzip bomb → one 2 GiB line (Content-Encoding)",
    body: () => bomb(0, 2048),
    headers: { ...JSONL, "content-encoding": "gzip" },
  },
  {
    label: "gzip → a 2 GiB JSON array (64 MiB doc cap)",
    body: () => bomb(32, 2048, "["),
    headers: JSON_TYPE,
  },
  { label: "gzip → 2 GiB of newlines (1 GiB cap)", body: () => bomb(10, 2048), headers: JSONL },
  { label: "1.1 GiB of plain newlines, streamed", body: () => plainNewlines(1126), headers: JSONL },
];

export type HostileResult = { label: string; status: number | null; ms: number; baseMb: number; peakMb: number };

/** Send each hostile upload in turn, sampling the server's RSS every 20 ms. */
export async function sendHostileUploads(server: BenchServer, tally: Tally): Promise<HostileResult[]> {
  const results: HostileResult[] = [];
  for (const h of HOSTILE_UPLOADS) {
    const baseKb = rssKb(server.pid);
    let peakKb = baseKb;
    const sampler = setInterval(() => (peakKb = Math.max(peakKb, rssKb(server.pid))), 20);
    const start = performance.now();
    const res = await postFresh(server.port, h.body(), h.headers, tally);
    clearInterval(sampler);
    peakKb = Math.max(peakKb, rssKb(server.pid));
    const ms = performance.now() - start;
    results.push({ label: h.label, status: res?.status ?? null, ms, baseMb: baseKb / 1024, peakMb: peakKb / 1024 });
  }
  return results;
}

/**
 * POST on a connection of its own (node:http, no pool), as curl would: a
 * pooled fetch that reuses the connection of an upload cut off at a cap can
 * see a reset instead of the next answer, which says nothing about the server.
 */
function postFresh(port: number, body: HostileBody, headers: Record<string, string>, tally: Tally) {
  tally.requests += 1;
  let answered = false;
  return new Promise<{ status: number } | null>((resolve) => {
    const req = request(
      { host: "127.0.0.1", port, path: "/api/v1/ingest", method: "POST", agent: false, headers: withKey(headers) },
      (res) => {
        answered = true;
        tally.by_status[res.statusCode!] = (tally.by_status[res.statusCode!] ?? 0) + 1;
        res.resume().on("end", () => resolve({ status: res.statusCode! }));
      },
    );
    // After the answer, an error writing the rest (EPIPE: the server closed once it answered) is expected.
    req.on("error", (err) => {
      if (answered) return;
      tally.failures.push(String(err));
      resolve(null);
    });
    if (Buffer.isBuffer(body)) req.end(body);
    else Readable.from(body).pipe(req);
  });
}
