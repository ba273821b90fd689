// The runs' running span totals (span_count, failure_count, span_tokens,
// cost_usd, first_at, last_at) in one place: every writer that adds spans to
// a run — the ON CONFLICT insert, the COPY path, an OTLP trace moving runs —
// aggregates and adds them the same way. Tokens and cost count calls only
// (tool, llm): an agent span's usage is the sum of its children's. Token
// totals stop at the largest bigint instead of failing the write
// (docs/format.md#bad-input): each record's tokens are bounded, their sum is not.
import { sql, type SQL } from "drizzle-orm";

/** `column + added`, in numeric, capped at the largest bigint: a run's token total never overflows its column. */
export function addTokensCapped(column: SQL, added: SQL): SQL {
  return sql`least(${column}::numeric + ${added}, 9223372036854775807)::bigint`;
}

/**
 * Per-run totals of span rows read from `source` (a CTE or relation with
 * run_id, kind, ok, tokens_in, tokens_out, cost_usd, t0, t1), as a SELECT.
 */
export function spanTotalsOf(source: SQL): SQL {
  return sql`SELECT run_id, count(*) AS n, count(*) FILTER (WHERE NOT ok) AS failures,
      coalesce(sum(tokens_in) FILTER (WHERE kind IN ('tool', 'llm')), 0)
        + coalesce(sum(tokens_out) FILTER (WHERE kind IN ('tool', 'llm')), 0) AS tokens,
      coalesce(sum(cost_usd) FILTER (WHERE kind IN ('tool', 'llm')), 0) AS cost,
      min(t0) AS first_at, max(t1) AS last_at
    FROM ${source} GROUP BY run_id`;
}

/**
 * UPDATE runs adding the totals in `totals` (a relation with run_id, n,
 * failures, tokens, cost, first_at, last_at, aliased `x`), bumping data_version.
 */
export function addSpanTotalsFrom(totals: SQL): SQL {
  return sql`UPDATE runs SET span_count = span_count + x.n, failure_count = failure_count + x.failures,
      span_tokens = ${addTokensCapped(sql`span_tokens`, sql`x.tokens`)}, cost_usd = runs.cost_usd + x.cost,
      first_at = least(runs.first_at, x.first_at), last_at = greatest(runs.last_at, x.last_at),
      data_version = data_version + 1, updated_at = now()
    FROM ${totals} WHERE runs.run_id = x.run_id`;
}
