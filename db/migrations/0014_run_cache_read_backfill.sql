-- Custom data migration (docs/decisions.md#tokens-one-figure): the runs stored
-- before span_cache_read_tokens existed get their calls' cache-read tokens
-- counted once from their spans, as db/run-totals.ts cacheReadTokensSql does
-- with the keys of lib/analysis/cache-tokens.ts as they were then. Only calls
-- with one of those keys are read; a run without any keeps 0.
UPDATE "runs" r SET "span_cache_read_tokens" = least(x.cache_read, 9223372036854775807)::bigint
FROM (
  SELECT s.run_id,
    sum(floor(least(greatest(coalesce(
      CASE WHEN jsonb_typeof(s.meta -> 'cache_read_input_tokens') = 'number' THEN (s.meta ->> 'cache_read_input_tokens')::numeric END,
      CASE WHEN jsonb_typeof(s.meta -> 'cached_input_tokens') = 'number' THEN (s.meta ->> 'cached_input_tokens')::numeric END,
      CASE WHEN jsonb_typeof(s.meta -> 'gen_ai.usage.cache_read.input_tokens') = 'number' THEN (s.meta ->> 'gen_ai.usage.cache_read.input_tokens')::numeric END,
      CASE WHEN jsonb_typeof(s.meta -> 'gen_ai.usage.cache_read_input_tokens') = 'number' THEN (s.meta ->> 'gen_ai.usage.cache_read_input_tokens')::numeric END,
      CASE WHEN jsonb_typeof(s.meta -> 'llm.token_count.prompt_details.cache_read') = 'number' THEN (s.meta ->> 'llm.token_count.prompt_details.cache_read')::numeric END,
      0), 0), coalesce(s.tokens_in, 0)))) AS cache_read
  FROM "spans" s
  WHERE s.kind IN ('tool', 'llm')
    AND s.meta ?| ARRAY['cache_read_input_tokens', 'cached_input_tokens', 'gen_ai.usage.cache_read.input_tokens',
      'gen_ai.usage.cache_read_input_tokens', 'llm.token_count.prompt_details.cache_read']::text[]
  GROUP BY s.run_id
) x
WHERE r.run_id = x.run_id;
