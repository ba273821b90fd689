// The ingest of a run that carries its conversation, as an imported agent
// session does (docs/import.md#the-conversation): the synthetic run of
// synth.ts with a prompt on every iteration, a reply on every llm span and
// the arguments of every tool call. The plain synthetic run has none of
// these, so it shows only that spans without text cost nothing extra; this
// one shows what the search index of text (docs/api.md#search) costs.
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";
import { writeBatch } from "@/db/ingest-writer";
import { ingestItems } from "@/lib/ingest/ingest-stream";
import { readLines } from "@/lib/ingest/line-reader";
import { figure, rate, timed } from "./support";
import { synthRunLines } from "./synth";

const WORDS = [
  "the",
  "failing",
  "test",
  "parser",
  "config",
  "module",
  "refactor",
  "retry",
  "timeout",
  "database",
  "migration",
  "fixture",
  "import",
  "handler",
  "request",
  "cache",
  "index",
  "query",
  "render",
  "branch",
];

/** `n` words drawn from WORDS, deterministically from `seed`. */
function words(seed: number, n: number): string {
  const out: string[] = [];
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (s * 1664525 + 1013904223) >>> 0;
    out.push(WORDS[s % WORDS.length]!);
  }
  return out.join(" ");
}

/** synthRunLines with the texts of a session: ~300-char prompts, ~400-char replies, a command per tool call. */
export function* synthTextRunLines(runId: string, spans: number): Generator<string> {
  let k = 0;
  for (const line of synthRunLines(runId, spans)) {
    const r = JSON.parse(line) as Record<string, unknown>;
    k += 1;
    if (r.type === "iteration") r.prompt = `Please ${words(k, 45)}.`;
    else if (r.type === "span" && r.kind === "llm") r.output = `I'll ${words(k, 60)}.`;
    else if (r.type === "span" && r.kind === "tool") r.input = { command: `grep -rn ${words(k, 4)} src/` };
    yield JSON.stringify(r);
  }
}

/** Ingest the text-carrying run into `db`; print spans/s and the text rows it indexed. */
export async function benchTextRun(db: Db, label: string, spans: number): Promise<void> {
  const source = Readable.from(
    (function* () {
      for (const l of synthTextRunLines(`bench-text-${label}`, spans)) yield Buffer.from(`${l}\n`);
    })(),
  );
  const res = await timed(() => ingestItems(readLines(source), { writeBatch: (b) => writeBatch(db, b) }));
  const [row] = rowsOf<{ spans: number }>(await db.execute(sql`SELECT count(*)::int AS spans FROM spans`));
  const texts = await countTexts(db);
  figure(
    `ingest of a run with text → ${label}`,
    rate(row?.spans ?? 0, res.ms),
    `${(row?.spans ?? 0).toLocaleString("en-US")} spans${texts === null ? "" : `, ${texts.toLocaleString("en-US")} text rows`}`,
  );
}

/** The rows of the text index, or null where it does not exist (the code before it). */
async function countTexts(db: Db): Promise<number | null> {
  const [t] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM pg_class WHERE relname = 'run_texts'`),
  );
  if (!t?.n) return null;
  const [c] = rowsOf<{ n: number }>(await db.execute(sql.raw("SELECT count(*)::int AS n FROM run_texts")));
  return c?.n ?? 0;
}
