// Sections 1 and 2 of `npm run bench -- scale`, over HTTP against the built
// app: ingest throughput with one app process and with two, and the read
// latency one process gives while the other takes a large upload. Bodies are
// generated (scripts/bench/synth.ts) before any clock starts, so the bench
// process spends no CPU on them while the servers work.
import { requestOnOwnConnection } from "../../tests/e2e/support/own-connection";
import type { AppServer } from "../../tests/e2e/support/server";
import { percentile } from "./support";
import { synthRunLines } from "./synth";

const LINES_PER_CHUNK = 10_000;
const WARMUP_SPANS = 2000;
/** Spans a timeline page asks for (the page measured in section 2). */
export const TIMELINE_LIMIT = 2000;

export type IngestFigures = { processes: number; runs: number; spans: number; ms: number; fastestMs: number };
export type LatencyFigures = { requests: number; p50: number; p95: number; max: number };
export type ReadFigures = { runsPage: LatencyFigures; timeline: LatencyFigures };

/** One run's JSONL, in memory as a Blob (streamed by fetch, never one big string). */
export function runBody(runId: string, spans: number, seed: number): Blob {
  const chunks: string[] = [];
  let lines: string[] = [];
  for (const line of synthRunLines(runId, spans, seed)) {
    lines.push(line);
    if (lines.length === LINES_PER_CHUNK) {
      chunks.push(`${lines.join("\n")}\n`);
      lines = [];
    }
  }
  if (lines.length > 0) chunks.push(`${lines.join("\n")}\n`);
  return new Blob(chunks, { type: "application/x-ndjson" });
}

const send = requestOnOwnConnection;

/** POST one body to the ingest API; throws on anything but 200. */
export async function upload(server: AppServer, body: Blob): Promise<void> {
  const res = await send(`${server.baseUrl}/api/v1/ingest`, body);
  if (res.status !== 200) throw new Error(`ingest on ${server.baseUrl}: HTTP ${res.status} ${res.text.slice(0, 500)}`);
}

/**
 * `runs` runs of `spansPerRun` spans, run i to process i mod n, all posted at
 * once; timed from the first request to the last response. Then waits, off the
 * clock, for the analyses each process starts after an upload, so the next
 * phase begins on quiet servers.
 */
export async function timeIngest(
  servers: AppServer[],
  label: string,
  runs: number,
  spansPerRun: number,
): Promise<IngestFigures & { runIds: string[] }> {
  const runIds = Array.from({ length: runs }, (_, i) => `scale-${label}-${i}`);
  const bodies = runIds.map((id, i) => runBody(id, spansPerRun, i + 1));
  const target = (i: number) => servers[i % servers.length]!;
  const start = performance.now();
  const done = await Promise.all(bodies.map((b, i) => upload(target(i), b).then(() => performance.now() - start)));
  const ms = performance.now() - start;
  await settle(runIds.map((id, i) => ({ server: target(i), runId: id })));
  return { processes: servers.length, runs, spans: runs * spansPerRun, ms, fastestMs: Math.min(...done), runIds };
}

/** A small upload, its analysis, the runs page and a timeline page on each process: routes compiled, pools open, JIT warm. */
export async function warmUp(servers: AppServer[]): Promise<void> {
  for (const [i, server] of servers.entries()) {
    const runId = `scale-warmup-${i}`;
    await upload(server, runBody(runId, WARMUP_SPANS, 7));
    await settle([{ server, runId }]);
    await sampleReads(server, runId, 2);
  }
}

/** Ask each run's analysis of the process that ingested it: it waits for the analysis that upload started. */
async function settle(targets: { server: AppServer; runId: string }[]): Promise<void> {
  for (const { server, runId } of targets) await timeGet(`${server.baseUrl}/api/v1/runs/${runId}/analysis`);
}

/** GET a URL, body read to the end; its time in ms. */
async function timeGet(url: string): Promise<number> {
  const start = performance.now();
  const res = await send(url);
  if (res.status !== 200) throw new Error(`GET ${url}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
  return performance.now() - start;
}

const summarise = (xs: number[]): LatencyFigures => ({
  requests: xs.length,
  p50: percentile(xs, 0.5),
  p95: percentile(xs, 0.95),
  max: Math.max(...xs),
});

/**
 * Alternate GET /runs and a timeline page of `runId` on `reader`, one request
 * at a time, for at least `minRounds` rounds and until `busy()` turns false.
 */
export async function sampleReads(
  reader: AppServer,
  runId: string,
  minRounds: number,
  busy: () => boolean = () => false,
): Promise<ReadFigures> {
  const runsPage: number[] = [];
  const timeline: number[] = [];
  const timelineUrl = `${reader.baseUrl}/api/v1/runs/${runId}/timeline?limit=${TIMELINE_LIMIT}`;
  for (let round = 0; round < minRounds || busy(); round++) {
    runsPage.push(await timeGet(`${reader.baseUrl}/runs`));
    timeline.push(await timeGet(timelineUrl));
  }
  return { runsPage: summarise(runsPage), timeline: summarise(timeline) };
}

/** Reads on `reader` while `body` is uploaded to `writer`; the upload's own time too. */
export async function sampleReadsDuringUpload(
  writer: AppServer,
  reader: AppServer,
  runId: string,
  body: Blob,
): Promise<ReadFigures & { uploadMs: number }> {
  let uploading = true;
  let uploadMs = 0;
  const start = performance.now();
  // Settled into a value at once: a failed upload must not be an unhandled rejection while reads go on.
  const failure = upload(writer, body).then(
    () => null,
    (err: unknown) => err,
  );
  void failure.then(() => {
    uploading = false;
    uploadMs = performance.now() - start;
  });
  const reads = await sampleReads(reader, runId, 1, () => uploading);
  const err = await failure;
  if (err) throw err;
  return { ...reads, uploadMs };
}
