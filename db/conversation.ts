// The conversation tab's read (docs/dashboard.md#conversation): a run's
// iterations with the prompt and start their attrs hold, and its calls (tool
// and llm spans) by (t0, span_id) — served by spans_run_t0_idx — with what
// each said and did: the first CONVERSATION_SPAN_LIMIT, and a count of the
// rest. Only the columns the tab shows; an input larger than
// CONVERSATION_INPUT_MAX_BYTES stays in the database. Times leave as epoch µs,
// computed from float epoch µs, identically for both drivers.
import { sql } from "drizzle-orm";
import {
  CONVERSATION_ERROR_MAX_CHARS,
  CONVERSATION_INPUT_MAX_BYTES,
  CONVERSATION_ITERATION_LIMIT,
  CONVERSATION_PROMPT_MAX_CHARS,
  CONVERSATION_SPAN_LIMIT,
  type ConversationIteration,
  type ConversationSource,
  type ConversationSpan,
} from "@/lib/conversation/source";
import { hasNoNul } from "@/lib/schemas/storable";
import { parseTimeUs } from "@/lib/time";
import { rowsOf, type Db } from "./client";

const US = (col: string) => sql.raw(`(extract(epoch from ${col}) * 1000000)::float8`);
/** A key of a jsonb column as text when it holds a string, else null. */
const textAttr = (col: string, key: string) =>
  sql.raw(`CASE WHEN jsonb_typeof(${col} -> '${key}') = 'string' THEN ${col} ->> '${key}' END`);

type IterationRow = { n: number; ts_us: number; started_at: string | null; prompt: string | null };
type SpanRow = {
  span_id: string;
  parent_id: string | null;
  iteration: number | null;
  name: string;
  kind: "tool" | "llm";
  t0_us: number;
  t1_us: number;
  ok: boolean;
  error: string;
  input: unknown;
  input_too_large: boolean;
  output: string | null;
  thinking_chars: number | null;
};

/** The run's conversation, or null when the run does not exist. */
export async function getConversation(
  db: Db,
  runId: string,
  limit = CONVERSATION_SPAN_LIMIT,
): Promise<ConversationSource | null> {
  if (!hasNoNul(runId)) return null; // no run id holds NUL; the database would refuse the comparison
  const [run] = rowsOf<{ start_us: number | null; calls: number | string }>(
    await db.execute(sql`SELECT ${US("coalesce(started_at, first_at)")} AS start_us,
        (SELECT count(*) FROM spans WHERE run_id = ${runId} AND kind IN ('tool', 'llm')) AS calls
      FROM runs WHERE run_id = ${runId}`),
  );
  if (!run) return null;
  const [iterations, spans] = await Promise.all([readIterations(db, runId), readSpans(db, runId, limit)]);
  return {
    startUs: Number(run.start_us ?? spans[0]?.t0Us ?? 0),
    iterations,
    spans,
    moreSpans: Math.max(0, Number(run.calls) - spans.length),
  };
}

async function readIterations(db: Db, runId: string): Promise<ConversationIteration[]> {
  const rows = rowsOf<IterationRow>(
    await db.execute(sql`SELECT n, ${US("ts")} AS ts_us, ${textAttr("attrs", "started_at")} AS started_at,
        left(${textAttr("attrs", "prompt")}, ${CONVERSATION_PROMPT_MAX_CHARS}) AS prompt
      FROM iterations WHERE run_id = ${runId} ORDER BY n LIMIT ${CONVERSATION_ITERATION_LIMIT}`),
  );
  return rows.map((r) => ({
    n: Number(r.n),
    tsUs: Number(r.ts_us),
    startedAtUs: r.started_at === null ? null : parseTimeUs(r.started_at),
    prompt: r.prompt,
  }));
}

async function readSpans(db: Db, runId: string, limit: number): Promise<ConversationSpan[]> {
  const rows = rowsOf<SpanRow>(
    await db.execute(sql`SELECT span_id, parent_id, iteration, name, kind, ${US("t0")} AS t0_us, ${US("t1")} AS t1_us,
        ok, left(error, ${CONVERSATION_ERROR_MAX_CHARS}) AS error,
        CASE WHEN octet_length(input::text) <= ${CONVERSATION_INPUT_MAX_BYTES} THEN input END AS input,
        coalesce(octet_length(input::text) > ${CONVERSATION_INPUT_MAX_BYTES}, false) AS input_too_large,
        output,
        CASE WHEN jsonb_typeof(meta -> 'thinking_chars') = 'number' THEN (meta ->> 'thinking_chars')::float8 END
          AS thinking_chars
      FROM spans WHERE run_id = ${runId} AND kind IN ('tool', 'llm') ORDER BY t0, span_id LIMIT ${limit}`),
  );
  return rows.map((r) => ({
    spanId: r.span_id,
    parentId: r.parent_id,
    iteration: r.iteration === null ? null : Number(r.iteration),
    name: r.name,
    kind: r.kind,
    t0Us: Number(r.t0_us),
    t1Us: Number(r.t1_us),
    ok: r.ok,
    error: r.error,
    input: r.input,
    inputTooLarge: r.input_too_large,
    output: r.output,
    thinkingChars: r.thinking_chars === null ? null : Number(r.thinking_chars),
  }));
}
