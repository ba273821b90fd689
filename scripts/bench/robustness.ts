// `npm run bench -- robustness [--lines N] [--batch 100] [--concurrency 4] [--database-url URL] [--fresh]`
// Hostile input against the real ingest route in a server process, on PGlite
// (Postgres when --database-url or TEST_DATABASE_URL is given, but not with --fresh). Two fuzz
// passes, each N mutated lines (tests/integration/support/fuzz-lines.ts: NULs,
// lone surrogates, deep nesting, broken JSON, values no column holds) shuffled
// among N valid ones: one upload of them all, then the same mix in requests of
// --batch lines, few enough that every rejected line comes back named with its
// number. Then gzip bombs and over-limit bodies with the server's RSS sampled.
// Prints: lines fuzzed, valid lines sent and lost, invalid lines named, 5xx
// responses, and the peak RSS per hostile upload. Asserts nothing; the
// hardening-* integration tests pin the same rules.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf, type Db, type DbHandle } from "@/db/client";
import { openTempDatabase } from "@/db/temp-database";
import { fuzzLines, type Fuzz } from "../../tests/integration/support/fuzz-lines";
import {
  count5xx,
  newTally,
  postIngest,
  sendHostileUploads,
  startServer,
  type HostileResult,
  type Tally,
} from "./robustness-server";
import { argValue, figure, rssKb } from "./support";

const JSONL = { "content-type": "application/x-ndjson" };
const nonBlank = (lines: string[]) => lines.filter((l) => l.trim() !== "").length;

export async function run(args: string[]) {
  const n = argValue(args, "lines", 10_000);
  const batch = argValue(args, "batch", 100);
  const concurrency = argValue(args, "concurrency", 4);
  const urlAt = args.indexOf("--database-url");
  const adminUrl = urlAt >= 0 ? args[urlAt + 1] : process.env.TEST_DATABASE_URL;
  const dir = mkdtempSync(path.join(tmpdir(), "loopscope-robustness-"));
  // --fresh: the first start of the embedded database on a new data directory (always PGlite),
  // which db/pglite-new-dir.ts makes in a child process; otherwise one start makes it first.
  const fresh = args.includes("--fresh");
  const pg = adminUrl && !fresh ? await openTempDatabase(adminUrl, "bench_robustness") : null;
  if (!pg && !fresh) await initDataDir(dir);
  const server = await startServer(pg ? { DATABASE_URL: pg.url } : { DATABASE_URL: "", LOOPSCOPE_DATA_DIR: dir });
  console.log(
    `server pid ${server.pid} on ${pg ? `Postgres (${pg.name})` : `PGlite (on disk, ${fresh ? "a new" : "an existing"} data directory)`}`,
  );
  const tally = newTally();
  try {
    // The hostile uploads first, on an idle server whose database is open: RSS from a quiet baseline.
    const startMb = rssKb(server.pid) / 1024;
    await postIngest(server.port, `{"run_id":"r-rb-warm","name":"warm","t0":1,"t1":2}`, JSONL, tally);
    const warmMb = rssKb(server.pid) / 1024;
    const hostile = await sendHostileUploads(server, tally);
    const one = fuzzLines("r-rb-one", 7, { valid: n, mutated: n });
    const whole = await postIngest(server.port, one.lines.join("\n"), JSONL, tally);
    const many = fuzzLines("r-rb-req", 11, { valid: n, mutated: n });
    const named = await sendInBatches(server.port, many, batch, concurrency, tally);
    const endMb = rssKb(server.pid) / 1024;
    await server.stop();
    const h: DbHandle = pg ?? (await openDatabase({ dataDir: path.join(dir, "pglite") }));
    const lost = (await lostValid(h.db, "r-rb-one", one)) + (await lostValid(h.db, "r-rb-req", many));
    if (!pg) await h.close();

    printFigures({ n, batch, one, whole, named, lost, tally, rss: [startMb, warmMb, endMb], hostile });
    if (count5xx(tally) > 0) console.log(server.stderr.join("").slice(-4000));
  } finally {
    await server.stop().catch(() => {});
    await pg?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Start a server on `dir` once, with one request (the database opens on the first), and stop it. */
async function initDataDir(dir: string): Promise<void> {
  const first = await startServer({ DATABASE_URL: "", LOOPSCOPE_DATA_DIR: dir });
  await postIngest(first.port, `{"run_id":"r-rb-init","name":"init","t0":1,"t1":2}`, JSONL, newTally());
  await first.stop();
}

type Figures = {
  n: number;
  batch: number;
  one: Fuzz;
  whole: { status: number; body: Record<string, unknown> } | null;
  named: { named: number; rejected: number; misnamed: number };
  lost: number;
  tally: Tally;
  rss: [number, number, number];
  hostile: HostileResult[];
};

function printFigures({ n, batch, one, whole, named, lost, tally, rss, hostile }: Figures) {
  const [startMb, warmMb, endMb] = rss;
  console.log(`fuzz: ${n.toLocaleString("en-US")} mutated + ${n.toLocaleString("en-US")} valid lines, twice`);
  figure("lines fuzzed (mutated)", (2 * n).toLocaleString("en-US"));
  figure("valid lines sent", (2 * n).toLocaleString("en-US"));
  figure("valid lines lost (must be 0)", String(lost));
  const b = whole?.body ?? {};
  figure(
    "one upload: accepted + rejected = lines",
    `${Number(b.accepted) + Number(b.rejected)} / ${nonBlank(one.lines)}`,
    `status ${whole?.status}`,
  );
  figure(
    `in requests of ${batch}: invalid lines named`,
    named.named.toLocaleString("en-US"),
    `of ${named.rejected} rejected`,
  );
  figure("  named lines that were valid (must be 0)", String(named.misnamed));
  figure("5xx responses (must be 0)", String(count5xx(tally)), `${tally.requests} requests`);
  figure("requests with no answer (must be 0)", String(tally.failures.length), tally.failures[0] ?? "");
  const mb = (x: number) => `${Math.round(x)} MB`;
  figure("server RSS: started / first request / at the end", `${mb(startMb)} / ${mb(warmMb)} / ${mb(endMb)}`);
  console.log("hostile uploads (server RSS sampled every 20 ms)");
  for (const r of hostile)
    figure(
      r.label,
      `${Math.round(r.peakMb)} MB`,
      `from ${Math.round(r.baseMb)} MB; ${r.status ?? "no answer"} in ${(r.ms / 1000).toFixed(1)} s`,
    );
}

/** Send the lines in requests of `batch`, `concurrency` at a time; count the rejected lines named back. */
async function sendInBatches(port: number, fuzz: Fuzz, batch: number, concurrency: number, tally: Tally) {
  const starts = Array.from({ length: Math.ceil(fuzz.lines.length / batch) }, (_, k) => k * batch);
  const namedLines = new Set<number>();
  let rejected = 0;
  let next = 0;
  const worker = async () => {
    while (next < starts.length) {
      const from = starts[next++]!;
      const res = await postIngest(port, fuzz.lines.slice(from, from + batch).join("\n"), JSONL, tally);
      const body = res?.body ?? {};
      const details = (body.error as { details?: Record<string, unknown> } | undefined)?.details ?? body;
      rejected += Number(details.rejected ?? 0);
      for (const e of (details.errors ?? []) as { line: number }[]) namedLines.add(from + e.line);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const misnamed = [...namedLines].filter((l) => fuzz.validLineNos.has(l)).length;
  return { named: namedLines.size, rejected, misnamed };
}

/** Valid records of `prefix`'s fuzz that the database does not hold. */
async function lostValid(db: Db, prefix: string, fuzz: Fuzz): Promise<number> {
  const runId = `${prefix}-valid`;
  const [stored] = rowsOf<Record<string, number>>(
    await db.execute(sql`SELECT
      (SELECT count(*)::int FROM spans WHERE run_id = ${runId}) AS span,
      (SELECT count(*)::int FROM iterations WHERE run_id = ${runId}) AS iteration,
      (SELECT count(*)::int FROM events WHERE run_id = ${runId}) AS event,
      (SELECT count(*)::int FROM tasks WHERE run_id = ${runId}) AS task`),
  );
  let lost = 0;
  for (const [type, want] of Object.entries(fuzz.validCounts)) {
    const missing = Math.max(0, want - (stored?.[type] ?? 0));
    if (missing > 0) console.log(`  ${runId}: ${missing} of ${want} valid ${type} records are not stored`);
    lost += missing;
  }
  return lost;
}
