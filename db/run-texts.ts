// The search index of runs' texts (docs/api.md#search): the rows of
// lib/search/run-texts.ts written beside the spans and iterations they come
// from, in the batch's transaction; the runs list's text filter; and the
// snippets of one page of runs. The configuration is 'english' (stemmed,
// stop words dropped): PGlite ships it as Postgres does, and the parser keeps
// paths and identifiers (`parser.ts`, `src/lib/a.ts`) as whole words.
import { sql, type SQL } from "drizzle-orm";
import type { RunListItem, RunTextMatch } from "@/lib/schemas/api";
import type { RunText } from "@/lib/search/run-texts";
import { HEADLINE_OPTIONS, toRunTextMatch, type HeadlineRow } from "@/lib/search/snippet";
import { rowsOf, type Db } from "./client";
import type { Tx } from "./ingest-copy";
import { runTexts, TEXT_SEARCH_CONFIG } from "./schema";
import { insertColumnsOf } from "./table-columns";

type RunTextRow = Required<Omit<typeof runTexts.$inferInsert, "tsv">>;
const TEXT_INSERT = insertColumnsOf(runTexts);
const CONFIG = sql.raw(`'${TEXT_SEARCH_CONFIG}'::regconfig`);

/** The query of `q`: websearch syntax, so no input is a syntax error (`"a b"`, `-c`, `or`; the rest is words). */
const tsQuery = (q: string): SQL => sql`websearch_to_tsquery(${CONFIG}, ${q})`;

/** Store the texts not stored yet: a re-upload adds nothing (the first record of a span or turn wins, as in spans). */
export async function insertRunTexts(tx: Tx, texts: readonly RunText[]): Promise<void> {
  const rows = texts.map((t): RunTextRow => ({ runId: t.runId, kind: t.kind, ref: t.ref, text: t.text }));
  await tx.execute(sql`INSERT INTO run_texts (${TEXT_INSERT.names})
    SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(${TEXT_INSERT.recordset})
    ON CONFLICT DO NOTHING`);
}

/**
 * The runs list's text filter on `r`: a hashed semi-join — the GIN index finds
 * every text row that matches once, and each run is a probe of that set.
 */
export function textMatches(q: string): SQL {
  return sql`r.run_id IN (SELECT t.run_id FROM run_texts t WHERE t.tsv @@ ${tsQuery(q)})`;
}

/**
 * The match of each run of a page that `q` matches by text: its first text —
 * a prompt before a reply before a tool's arguments, then by ref — with the
 * turn it is in now (its span's iteration; its prompt's iteration, found by
 * source_key or n) and ts_headline, computed for that one row only.
 */
export async function readTextMatches(
  db: Db,
  runIds: readonly string[],
  q: string,
): Promise<Map<string, RunTextMatch>> {
  if (runIds.length === 0) return new Map();
  const rows = rowsOf<HeadlineRow & { run_id: string }>(
    await db.execute(sql`
    SELECT p.run_id, m.kind, m.ref,
      CASE WHEN m.kind <> 'prompt' THEN (SELECT s.iteration FROM spans s WHERE s.run_id = p.run_id AND s.span_id = m.ref LIMIT 1)
        WHEN m.ref LIKE 'key:%' THEN (SELECT i.n FROM iterations i
          WHERE i.run_id = p.run_id AND i.attrs ->> 'source_key' = substr(m.ref, 5) ORDER BY i.n LIMIT 1)
        ELSE (SELECT i.n FROM iterations i WHERE i.run_id = p.run_id AND i.n::text = substr(m.ref, 3)) END AS iteration,
      ts_headline(${CONFIG}, m.text, ${tsQuery(q)}, ${HEADLINE_OPTIONS}) AS headline
    FROM json_array_elements_text(${JSON.stringify(runIds)}::json) AS p(run_id)
    CROSS JOIN LATERAL (
      SELECT t.kind, t.ref, t.text FROM run_texts t
      WHERE t.run_id = p.run_id AND t.tsv @@ ${tsQuery(q)}
      ORDER BY CASE t.kind WHEN 'prompt' THEN 0 WHEN 'reply' THEN 1 ELSE 2 END, t.ref
      LIMIT 1
    ) AS m`),
  );
  return new Map(
    rows.map((r) => [r.run_id, toRunTextMatch({ ...r, iteration: r.iteration == null ? null : Number(r.iteration) })]),
  );
}

/** The page's runs, each with its text match when it has one. */
export async function withTextMatches<R extends { run_id: string }>(
  db: Db,
  page: R[],
  q: string | undefined,
): Promise<(R & Pick<RunListItem, "match">)[]> {
  if (!q) return page;
  const matches = await readTextMatches(
    db,
    page.map((r) => r.run_id),
    q,
  );
  return page.map((r) => {
    const match = matches.get(r.run_id);
    return match ? { ...r, match } : r;
  });
}
