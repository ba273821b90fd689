// `npm run bench -- ingest [--spans N] [--pglite-spans N] [--text-spans N] [--upload-mb N]`
// Prints, in one run: parse+validate throughput against a
// bare JSON.parse loop over the same file; spans/s into Postgres through the
// ingest route handler (the API path: streamed body → lib/ingest → batched
// transactions); spans/s of a plain COPY of the same rows (the machine's
// limit); spans/s into PGlite; spans/s of a run that carries its conversation
// (ingest-text.ts, --text-spans, default 200 000) into Postgres and PGlite; and
// the peak RSS of a server process while a streamed upload of --upload-mb
// (default 1024) MB goes through it.
import { spawn, spawnSync } from "node:child_process";
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf, type DbHandle } from "@/db/client";
import { writeBatch } from "@/db/ingest-writer";
import { ingestItems } from "@/lib/ingest/ingest-stream";
import { maybeGunzip, readLines } from "@/lib/ingest/line-reader";
import { parseLine } from "@/lib/ingest/parse-line";
import { benchTextRun } from "./ingest-text";
import { argValue, figure, rate, rssKb, tempPostgres, timed, waitForPort } from "./support";
import { synthBytes, synthRunLines } from "./synth";

export async function run(args: string[]) {
  // The figures are the ingest's, not the key check's: accounts off (docs/accounts.md#open-mode),
  // in this process and in the server process it starts.
  process.env.LOOPSCOPE_AUTH = "off";
  const spans = argValue(args, "spans", 1_000_000);
  const pgliteSpans = argValue(args, "pglite-spans", 200_000);
  const textSpans = argValue(args, "text-spans", 200_000);
  const uploadMb = argValue(args, "upload-mb", 1024);
  const dir = mkdtempSync(path.join(tmpdir(), "loopscope-bench-"));
  try {
    const file = path.join(dir, "run.jsonl");
    await pipeline(
      Readable.from(
        (function* () {
          for (const l of synthRunLines("bench", spans)) yield `${l}\n`;
        })(),
      ),
      createWriteStream(file),
    );
    const bytes = statSync(file).size;
    console.log(`synthetic run: ${spans.toLocaleString("en-US")} spans, ${(bytes / 1048576).toFixed(0)} MB of JSONL`);
    await benchParse(file, bytes);
    await benchPostgres(file, spans);
    await benchPglite(dir, pgliteSpans);
    await benchText(dir, textSpans);
    await benchUploadRss(uploadMb);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchParse(file: string, bytes: number) {
  const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
  const bare = await timed(async () => {
    let n = 0;
    for (const l of lines) n += JSON.parse(l) ? 1 : 0;
    return n;
  });
  const full = await timed(async () => {
    let n = 0;
    for (const l of lines) n += parseLine(l)?.ok ? 1 : 0;
    return n;
  });
  console.log("parse + validate (in memory, one core)");
  figure("bare JSON.parse", rate(lines.length, bare.ms), `${(bytes / 1048576 / (bare.ms / 1000)).toFixed(0)} MB/s`);
  figure(
    "JSON.parse + validate + normalise",
    rate(lines.length, full.ms),
    `${(bytes / 1048576 / (full.ms / 1000)).toFixed(0)} MB/s`,
  );
  figure("ratio (target ≥ 0.5 per core)", (bare.ms / full.ms).toFixed(2), `one core of ${availableParallelism()}`);
}

async function benchPostgres(file: string, spans: number) {
  const h = await tempPostgres("ingest");
  try {
    (globalThis as unknown as { loopscopeDb?: Promise<DbHandle> }).loopscopeDb = Promise.resolve(h);
    const { POST } = await import("@/app/api/v1/ingest/route");
    const api = await timed(async () => {
      const req = new Request("http://bench.local/api/v1/ingest", {
        method: "POST",
        headers: { "content-type": "application/x-ndjson" },
        body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
        duplex: "half",
      } as RequestInit);
      return (await POST(req)).json() as Promise<{ accepted: number }>;
    });
    const n = rowsOf<{ n: number }>(await h.db.execute(sql`SELECT count(*)::int AS n FROM spans`))[0]?.n ?? 0;
    console.log(`Postgres (${h.url.replace(/\/\/.*@/, "//")})`);
    figure(
      "ingest route → Postgres",
      rate(n, api.ms),
      `${n.toLocaleString("en-US")} spans stored in ${(api.ms / 1000).toFixed(1)} s`,
    );
    const copy = await benchCopy(h, path.dirname(file));
    figure("plain COPY of the same rows (with PK)", rate(copy.rows, copy.ms));
    figure("ratio ingest / COPY (target ≥ 0.6)", (n / api.ms / (copy.rows / copy.ms)).toFixed(2));
    if (n !== spans) console.log(`  note: ${spans - n} spans were not stored`);
  } finally {
    await h.close();
  }
}

/**
 * COPY the stored span rows, as text, into an empty twin table with the same
 * primary key and indexes, through psql's \copy (the standard client, over
 * the same socket an ingest would use). The text is exported first, untimed.
 */
async function benchCopy(h: DbHandle & { url: string }, dir: string) {
  const file = path.join(dir, "spans.copy");
  const psql = (command: string) => {
    const r = spawnSync("psql", [h.url, "-v", "ON_ERROR_STOP=1", "-qAtc", command], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`psql failed: ${r.stderr || r.error?.message}`);
    return r.stdout.trim();
  };
  psql("CREATE TABLE spans_copy (LIKE spans INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES)");
  // A partitioned table (db/partitions.ts) is copied out through a query.
  psql(`\\copy (SELECT * FROM spans) TO '${file}'`);
  const { ms } = await timed(async () => psql(`\\copy spans_copy FROM '${file}'`));
  return { rows: Number(psql("SELECT count(*) FROM spans_copy")), ms };
}

async function benchPglite(dir: string, spans: number) {
  const h = await openDatabase({ dataDir: path.join(dir, "pglite") });
  try {
    const lines = synthRunLines("bench-pglite", spans);
    const source = Readable.from(
      (function* () {
        for (const l of lines) yield Buffer.from(`${l}\n`);
      })(),
    );
    const res = await timed(() =>
      ingestItems(readLines(maybeGunzip(source)), { writeBatch: (b) => writeBatch(h.db, b) }),
    );
    const n = rowsOf<{ n: number }>(await h.db.execute(sql`SELECT count(*)::int AS n FROM spans`))[0]?.n ?? 0;
    console.log("PGlite (embedded, on disk)");
    figure("ingest pipeline → PGlite", rate(n, res.ms), `${n.toLocaleString("en-US")} spans`);
  } finally {
    await h.close();
  }
}

/** The run with text (ingest-text.ts) into a fresh Postgres database and an on-disk PGlite. */
async function benchText(dir: string, spans: number) {
  if (spans <= 0) return;
  console.log(`a run with its conversation (${spans.toLocaleString("en-US")} spans; writeBatch, no HTTP)`);
  const pg = await tempPostgres("ingest_text");
  try {
    await benchTextRun(pg.db, "Postgres", spans);
  } finally {
    await pg.close();
  }
  const lite = await openDatabase({ dataDir: path.join(dir, "pglite-text") });
  try {
    await benchTextRun(lite.db, "PGlite", Math.min(spans, 100_000));
  } finally {
    await lite.close();
  }
}

/** Stream `mb` MB through a separate server process and sample its RSS. */
async function benchUploadRss(mb: number) {
  const db = await tempPostgres("upload");
  const port = 39000 + Math.floor(Math.random() * 1000);
  const server = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "ingest-server.ts")], {
    env: { ...process.env, DATABASE_URL: db.url, PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitForPort(port);
    let peakKb = 0;
    const sampler = setInterval(() => {
      peakKb = Math.max(peakKb, rssKb(server.pid!));
    }, 50);
    const res = await timed(async () => {
      const r = await fetch(`http://127.0.0.1:${port}/api/v1/ingest`, {
        method: "POST",
        headers: { "content-type": "application/x-ndjson" },
        body: Readable.toWeb(Readable.from(synthBytes("bench-upload", mb * 1048576))) as ReadableStream<Uint8Array>,
        duplex: "half",
      } as RequestInit);
      return (await r.json()) as { accepted?: number; error?: unknown };
    });
    clearInterval(sampler);
    console.log(`streamed upload of ${mb} MB through a server process`);
    figure(
      "records accepted",
      (res.value.accepted ?? 0).toLocaleString("en-US"),
      res.value.error ? JSON.stringify(res.value.error) : `${(res.ms / 1000).toFixed(1)} s`,
    );
    figure("peak RSS of the server (target < 300 MB)", `${Math.round(peakKb / 1024)} MB`);
  } finally {
    server.kill("SIGTERM");
    await db.close();
  }
}
