// docs/analysis.md#tokens end to end on PGlite and Postgres: a Claude Code
// session whose Task call runs a subagent (its own file under subagents/,
// uploaded apart), every call reading the prompt cache, shows one Tokens
// figure — in the API's run, the runs list, the Markdown report and the
// post-mortem page — and it is the pure rule's sum.
//
//   main  msg_T1  in 5   cache write 2100  cache read 11000  out 80   (Task →)
//   sub   msg_S1  in 8   cache write 3900  cache read     0  out 40
//   sub   msg_S2  in 6   cache write  500  cache read  3900  out 35
//   main  msg_T2  in 4   cache write  400  cache read 13100  out 60
//   Tokens 7138 (main 2649 + subagent 4489) · cache reads 28000
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { POST } from "@/app/api/v1/ingest/route";
import { GET as getRuns } from "@/app/api/v1/runs/route";
import { GET as getRunRoute } from "@/app/api/v1/runs/[runId]/route";
import { GET as getReportMd } from "@/app/api/v1/runs/[runId]/report.md/route";
import { WhatHappenedSection } from "@/app/runs/[runId]/report/postmortem-summary";
import { getAnalysis } from "@/app/_server/analysis";
import { rowsOf } from "@/db/client";
import { getRun } from "@/db/runs";
import { runTokensOf, sumRunTokens } from "@/lib/analysis/run-tokens";
import { call, serveDatabase } from "./support/route";
import { targets } from "./support/databases";

const SESSION = "5c1d9e20-7a3b-4f6e-8d2c-1b0a9f8e7d61";
const DIR = path.resolve(import.meta.dirname, "..", "fixtures", "tokens");
const FILES = [`${SESSION}.jsonl`, `${SESSION}/subagents/agent-b7c8d9e.jsonl`].map((f) => path.join(DIR, f));
const RUN_ID = `cc-${SESSION}`;

describe.each(targets)("a Claude Code session with a subagent on $name", (target) => {
  const suite = serveDatabase(target, async () => {
    for (const file of FILES) {
      const res = await call(
        POST,
        "/api/v1/ingest",
        {},
        {
          method: "POST",
          headers: { "content-type": "application/x-ndjson", "x-loopscope-filename": path.basename(file) },
          body: new Uint8Array(readFileSync(file)),
        },
      );
      expect(res.body.runs).toEqual([RUN_ID]);
    }
  });

  /** The pure rule over the run's stored spans and iterations. */
  async function tokensByRule() {
    const spans = rowsOf<{ kind: "llm"; tokens_in: number | null; tokens_out: number | null; meta: object }>(
      await suite.db.execute(sql`SELECT kind, tokens_in::float8 AS tokens_in, tokens_out::float8 AS tokens_out, meta
        FROM spans WHERE run_id = ${RUN_ID}`),
    );
    const iterations = rowsOf<{ tokens_used: number | null }>(
      await suite.db.execute(sql`SELECT tokens_used::float8 AS tokens_used FROM iterations WHERE run_id = ${RUN_ID}`),
    );
    return runTokensOf(
      sumRunTokens(
        spans.map((s) => ({ kind: s.kind, tokensIn: s.tokens_in, tokensOut: s.tokens_out, meta: s.meta as never })),
        iterations.map((i) => ({ tokensUsed: i.tokens_used })),
      ),
    );
  }

  test("counts every call's input, output and cache writes, the subagent's included, cache reads apart", async () => {
    expect(await tokensByRule()).toEqual({ tokens: 7138, cacheReadTokens: 28_000 });
    // The iteration's tokens_used counts the main session only (a subagent file adds no
    // iteration tokens: docs/import.md#claude-code) — what the runs list used to show.
    const its = rowsOf<{ n: number }>(
      await suite.db.execute(sql`SELECT sum(tokens_used)::int AS n FROM iterations WHERE run_id = ${RUN_ID}`),
    );
    expect(its[0]?.n).toBe(2649);
  });

  test("the API's run, the runs list, the report and the post-mortem show the same Tokens", async () => {
    const counts = { tokens: 7138, cache_read_tokens: 28_000 };
    const run = await call(getRunRoute, `/api/v1/runs/${RUN_ID}`, { runId: RUN_ID });
    expect(run.body.counts).toMatchObject(counts);

    const list = await call(getRuns, "/api/v1/runs?sort=tokens", {});
    expect(list.body.runs.find((r: { run_id: string }) => r.run_id === RUN_ID)?.counts).toMatchObject(counts);

    const md = await getReportMd(new Request(`http://test.local/api/v1/runs/${RUN_ID}/report.md`), {
      params: Promise.resolve({ runId: RUN_ID }),
    });
    expect(await md.text()).toContain("· 7,138 tokens (+ 28.0k cache reads) ·");

    const detail = (await getRun(suite.db, RUN_ID))!;
    const page = renderToStaticMarkup(
      createElement(WhatHappenedSection, { run: detail, report: await getAnalysis(suite.db, RUN_ID) }),
    );
    expect(page).toMatch(/data-testid="pm-figure-tokens">.*?<div class="value">7,138</);
    expect(page).toMatch(/data-testid="pm-figure-cache">.*?<div class="value">28\.0k</);
  });
});
