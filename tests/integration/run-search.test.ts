// The runs list's search of conversations (docs/api.md#search) on both
// database targets, through the real routes: a Claude Code session uploaded
// to POST /api/v1/ingest is found by GET /api/v1/runs?q= from a word of its
// prompt, of the assistant's reply and of a tool call's argument, each with
// a snippet (plain text and offsets) that names the place; the name search
// still works; a re-upload adds no text row, a deleted run leaves none; a
// query full of SQL and tsquery syntax is only words; bare spans cost no row.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { POST as ingest } from "@/app/api/v1/ingest/route";
import { GET as listRunsRoute } from "@/app/api/v1/runs/route";
import { rowsOf } from "@/db/client";
import { deleteRun } from "@/db/runs";
import { RunListResponse, type RunListItem } from "@/lib/schemas/api";
import { targets } from "./support/databases";
import { call, serveDatabase } from "./support/route";

const SESSION = "5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3";
const RUN = `cc-${SESSION}`;
const base = { sessionId: SESSION, cwd: "/home/dev/shop", version: "1.0.98", isSidechain: false, userType: "external" };
const usage = { input_tokens: 4, output_tokens: 20 };
/** A tiny Claude Code session: one prompt (with markup in it), a reply, a Bash call and its result. */
const TRANSCRIPT = [
  {
    ...base,
    type: "user",
    uuid: "u1",
    parentUuid: null,
    timestamp: "2026-03-02T09:00:00.000Z",
    message: {
      role: "user",
      content: "The checkout <img src=x onerror=alert(1)> total is wrong for discounted baskets",
    },
  },
  {
    ...base,
    type: "assistant",
    uuid: "a1",
    parentUuid: "u1",
    timestamp: "2026-03-02T09:00:04.000Z",
    message: {
      id: "msg_1",
      role: "assistant",
      model: "claude-sonnet-4-5-20250929",
      content: [{ type: "text", text: "I will inspect the rounding helper first." }],
      usage,
    },
  },
  {
    ...base,
    type: "assistant",
    uuid: "a2",
    parentUuid: "a1",
    timestamp: "2026-03-02T09:00:05.000Z",
    message: {
      id: "msg_1",
      role: "assistant",
      model: "claude-sonnet-4-5-20250929",
      content: [{ type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "pytest tests/test_invoices.py" } }],
      usage,
    },
  },
  {
    ...base,
    type: "user",
    uuid: "u2",
    parentUuid: "a2",
    timestamp: "2026-03-02T09:00:09.000Z",
    message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "3 passed zebra" }] },
  },
]
  .map((r) => JSON.stringify(r))
  .join("\n");
/** A run of bare spans, named so the name search finds it. */
const BARE = [
  { type: "run", run_id: "bare-run", name: "nightly rounding sweep" },
  { type: "span", run_id: "bare-run", span_id: "s1", name: "read_file", kind: "tool", t0: 1, t1: 2 },
]
  .map((r) => JSON.stringify(r))
  .join("\n");

const upload = (body: string) =>
  call(ingest, "/api/v1/ingest", {}, { method: "POST", headers: { "content-type": "application/x-ndjson" }, body });

describe.each(targets)("searching runs by their conversation on $name", (target) => {
  const suite = serveDatabase(target);
  const search = async (q: string) => {
    const res = await call(listRunsRoute, `/api/v1/runs?${new URLSearchParams({ q })}`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return RunListResponse.parse(res.body).runs;
  };
  const textRows = async (runId: string) =>
    rowsOf<{ n: number }>(
      await suite.db.execute(sql`SELECT count(*)::int AS n FROM run_texts WHERE run_id = ${runId}`),
    )[0]?.n;
  const hit = (runs: RunListItem[]) => runs.find((r) => r.run_id === RUN);

  test("the session is stored with its texts; bare spans add no text row", async () => {
    const res = await upload(TRANSCRIPT);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.runs).toEqual([RUN]);
    expect((await upload(BARE)).status).toBe(200);
    expect(await textRows(RUN)).toBe(3);
    expect(await textRows("bare-run")).toBe(0);
  });

  test.each([
    ["a word of the prompt", "discounted", "prompt", "discounted"],
    ["a stemmed form of the prompt's word", "baskets", "prompt", "baskets"],
    ["a word of the assistant's reply", "inspect", "reply", "inspect"],
    ["a tool call's argument", "pytest", "tool_input", "pytest"],
  ])("%s finds the run, with the place and the word highlighted", async (_, q, kind, word) => {
    const runs = await search(q);
    expect(runs.map((r) => r.run_id)).toEqual([RUN]);
    const m = hit(runs)?.match;
    expect(m?.kind).toBe(kind);
    const [a, b] = m?.highlights[0] ?? [0, 0];
    expect(m?.snippet.slice(a, b)).toBe(word);
  });

  test("a reply's match names its span, whose anchor the conversation tab has", async () => {
    const m = hit(await search("rounding helper"))?.match;
    expect(m).toMatchObject({ kind: "reply", iteration: 1 });
    const [span] = rowsOf<{ span_id: string }>(
      await suite.db.execute(sql`SELECT span_id FROM spans WHERE run_id = ${RUN} AND kind = 'llm'`),
    );
    expect(m?.span_id).toBe(span?.span_id);
    expect(m?.anchor).toBe(`span-${span?.span_id}`);
  });

  test("the name search still works, and a name hit alone has no match; a tool result is not searched", async () => {
    const runs = await search("rounding");
    expect(runs.map((r) => r.run_id).sort()).toEqual(["bare-run", RUN].sort());
    expect(runs.find((r) => r.run_id === "bare-run")?.match).toBeUndefined();
    expect(await search("zebra")).toEqual([]);
  });

  test("the snippet is text: the prompt's markup is in it as written, not interpreted", async () => {
    const m = hit(await search("checkout"))?.match;
    expect(m?.kind).toBe("prompt");
    expect(m?.anchor).toBe("turn-1");
    expect(m?.snippet).toContain("checkout <img src=x onerror=alert");
    expect(m?.snippet).not.toMatch(/[\uE000\uE001]/);
    const [a, b] = m?.highlights[0] ?? [0, 0];
    expect(m?.snippet.slice(a, b)).toBe("checkout");
  });

  test.each(["'); DROP TABLE runs; --", '"unbalanced & | ! :* <-> ( ) \\', "!!! ::: &&&", "the", "%_"])(
    "a query of syntax characters (%s) is words, never an error",
    async (q) => {
      await search(q);
      expect(await textRows(RUN)).toBe(3);
    },
  );

  test("uploading the session again adds no text row; deleting the run removes them", async () => {
    expect((await upload(TRANSCRIPT)).status).toBe(200);
    expect(await textRows(RUN)).toBe(3);
    expect(await deleteRun(suite.db, RUN)).toBe(true);
    expect(await textRows(RUN)).toBe(0);
    expect(await search("discounted")).toEqual([]);
  });
});
