// The runs' running span totals (span_count, failure_count, span_tokens,
// span_cache_read_tokens, cost_usd, first_at, last_at) in one place: every
// writer that adds spans to a run — the ON CONFLICT insert, the COPY path, an
// OTLP trace moving runs — aggregates and adds them the same way. Tokens and
// cost count calls only (tool, llm): an agent span's usage is the sum of its
// children's. The cache-read share follows lib/analysis/run-tokens.ts
// cacheReadTokensOf (the meta keys of lib/analysis/cache-tokens.ts), so the
// runs list reads a run's Tokens (docs/analysis.md#tokens) from its row;
// tests/integration/run-tokens.test.ts holds the SQL to that rule. Token
// totals stop at the largest bigint instead of failing the write
// (docs/format.md#bad-input): each record's tokens are bounded, their sum is not.
import { sql, type SQL } from "drizzle-orm";
import { CACHE_READ_KEYS } from "@/lib/analysis/cache-tokens";

/** `column + added`, in numeric, capped at the largest bigint: a run's token total never overflows its column. */
export function addTokensCapped(column: SQL, added: SQL): SQL {
  return sql`least(${column}::numeric + ${added}, 9223372036854775807)::bigint`;
}

/** The columns of a span row spanTotalsOf reads: what an INSERT or UPDATE of spans returns for it. */
export const SPAN_TOTALS_COLUMNS = sql`run_id, kind, ok, tokens_in, tokens_out, cost_usd, t0, t1, meta`;

/**
 * A call's whole cache-read tokens from its `meta` and `tokens_in` columns
 * (cacheReadTokensOf): the first CACHE_READ_KEYS value that is a number, at
 * least 0, at most tokens_in, rounded down; 0 without one. In numeric, which
 * holds any JSON number. One look-up (`?|`) first: most spans have no such key.
 */
export function cacheReadTokensSql(meta: SQL, tokensIn: SQL): SQL {
  const keys = sql.join(
    CACHE_READ_KEYS.map((k) => sql`${k}`),
    sql`, `,
  );
  const numbers = CACHE_READ_KEYS.map(
    (k) => sql`CASE WHEN jsonb_typeof(${meta} -> ${k}) = 'number' THEN (${meta} ->> ${k})::numeric END`,
  );
  return sql`CASE WHEN ${meta} ?| ARRAY[${keys}]::text[]
      THEN floor(least(greatest(coalesce(${sql.join(numbers, sql`, `)}, 0), 0), coalesce(${tokensIn}, 0)))
      ELSE 0 END`;
}

/**
 * Per-run totals of span rows read from `source` (a CTE or relation with
 * SPAN_TOTALS_COLUMNS), as a SELECT.
 */
export function spanTotalsOf(source: SQL): SQL {
  const call = sql`kind IN ('tool', 'llm')`;
  return sql`SELECT run_id, count(*) AS n, count(*) FILTER (WHERE NOT ok) AS failures,
      coalesce(sum(tokens_in) FILTER (WHERE ${call}), 0)
        + coalesce(sum(tokens_out) FILTER (WHERE ${call}), 0) AS tokens,
      coalesce(sum(${cacheReadTokensSql(sql`meta`, sql`tokens_in`)}) FILTER (WHERE ${call}), 0) AS cache_read,
      coalesce(sum(cost_usd) FILTER (WHERE ${call}), 0) AS cost,
      min(t0) AS first_at, max(t1) AS last_at
    FROM ${source} GROUP BY run_id`;
}

/**
 * UPDATE runs adding the totals in `totals` (a relation with run_id, n,
 * failures, tokens, cache_read, cost, first_at, last_at, aliased `x`), bumping data_version.
 */
export function addSpanTotalsFrom(totals: SQL): SQL {
  return sql`UPDATE runs SET span_count = span_count + x.n, failure_count = failure_count + x.failures,
      span_tokens = ${addTokensCapped(sql`span_tokens`, sql`x.tokens`)},
      span_cache_read_tokens = ${addTokensCapped(sql`span_cache_read_tokens`, sql`x.cache_read`)},
      cost_usd = runs.cost_usd + x.cost,
      first_at = least(runs.first_at, x.first_at), last_at = greatest(runs.last_at, x.last_at),
      data_version = data_version + 1, updated_at = now()
    FROM ${totals} WHERE runs.run_id = x.run_id`;
}
