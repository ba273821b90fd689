// docs/import.md through POST /api/v1/ingest on a real database: every
// format's fixture is detected and stored, uploading it again adds nothing,
// a malformed line is rejected with its number while the rest is stored, and
// a loop script's folder of `claude -p` logs uploaded under one run id is one
// run of one iteration per session, its times estimated from `ended_at`.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { POST } from "@/app/api/v1/ingest/route";
import { rowsOf } from "@/db/client";
import { getRun } from "@/db/runs";
import { call, serveDatabase } from "./support/route";
import { targets } from "./support/databases";

const FIXTURES = path.resolve(import.meta.dirname, "..", "fixtures", "import");
const ENDED_AT = "2026-03-03T23:00:00Z";

/** Every fixture file by the format folder it sits in (subfolders included). */
const fixtures = readdirSync(FIXTURES, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile())
  .map((e) => {
    const file = path.join(e.parentPath, e.name);
    return { file, rel: path.relative(FIXTURES, file), format: path.relative(FIXTURES, file).split(path.sep)[0] };
  })
  .sort((a, b) => a.rel.localeCompare(b.rel));

const upload = (body: string | Uint8Array<ArrayBuffer>, query = "", name = "file.jsonl") =>
  call(
    POST,
    `/api/v1/ingest?ended_at=${ENDED_AT}${query}`,
    {},
    {
      method: "POST",
      headers: { "content-type": "application/x-ndjson", "x-loopscope-filename": name },
      body,
    },
  );

describe.each(targets)("importing through the ingest API on $name", (target) => {
  const suite = serveDatabase(target);
  const tableCounts = async () =>
    rowsOf<{ t: string; n: number }>(
      await suite.db.execute(sql`SELECT 'spans' AS t, count(*)::int AS n FROM spans
        UNION ALL SELECT 'iterations', count(*)::int FROM iterations
        UNION ALL SELECT 'events', count(*)::int FROM events
        UNION ALL SELECT 'tasks', count(*)::int FROM tasks`),
    );

  test.each(fixtures)("$rel is read as $format, and uploading it again adds nothing", async ({ file, format }) => {
    const text = new Uint8Array(readFileSync(file));
    const first = await upload(text, "", path.basename(file));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.format).toBe(format);
    expect(first.body.accepted).toBeGreaterThan(0);
    const before = await tableCounts();
    const runsBefore = await Promise.all(first.body.runs.map((id: string) => getRun(suite.db, id)));
    const again = await upload(text, "", path.basename(file));
    expect(again.body.accepted).toBe(first.body.accepted);
    expect(first.body.stored).toBeGreaterThan(0);
    expect(again.body.stored).toBe(0);
    expect(await tableCounts()).toEqual(before);
    const runsAfter = await Promise.all(first.body.runs.map((id: string) => getRun(suite.db, id)));
    expect(runsAfter.map((r) => r?.counts)).toEqual(runsBefore.map((r) => r?.counts));
  });

  test("a malformed line of a Claude Code session is rejected with its number; the rest is stored", async () => {
    const lines = readFileSync(path.join(FIXTURES, "claude-code", "stuck-pytest.jsonl"), "utf8")
      .trimEnd()
      .split("\n");
    lines.splice(4, 0, '{"type":"user","sessionId":');
    const res = await upload(lines.join("\n"), "&run_id=cc-malformed");
    expect(res.status).toBe(200);
    expect(res.body.format).toBe("claude-code");
    expect(res.body.errors).toEqual([{ line: 5, message: expect.stringMatching(/^not valid JSON/) }]);
    expect((await getRun(suite.db, "cc-malformed"))?.counts.iterations).toBeGreaterThan(5);
  });

  test("a loop script's claude -p logs under one run id are one run, one iteration per session, times estimated", async () => {
    const dir = path.join(FIXTURES, "claude-code-stream", "loop");
    const files = readdirSync(dir).sort();
    for (const [i, name] of [...files].reverse().entries()) {
      const endedAt = new Date(Date.parse(ENDED_AT) - i * 600_000).toISOString();
      const res = await call(
        POST,
        `/api/v1/ingest?run_id=loop-api&ended_at=${endedAt}`,
        {},
        {
          method: "POST",
          headers: { "content-type": "application/x-ndjson" },
          body: new Uint8Array(readFileSync(path.join(dir, name))),
        },
      );
      expect(res.body.format).toBe("claude-code-stream");
    }
    const run = await getRun(suite.db, "loop-api");
    expect(run?.counts.iterations).toBe(files.length);
    expect(run?.labels.timing).toBe("estimated");
    const ns = rowsOf<{ n: number }>(
      await suite.db.execute(sql`SELECT n FROM iterations WHERE run_id = 'loop-api' ORDER BY ts`),
    ).map((r) => r.n);
    expect(ns).toEqual(files.map((_, i) => i + 1));
    // every span carries its session's placed iteration (a subagent's, its Task call's)
    const spans = rowsOf<{ iteration: number | null; n: number | null }>(
      await suite.db.execute(sql`SELECT s.iteration, coalesce(i.n, p.iteration) AS n
        FROM spans s
        LEFT JOIN iterations i ON i.run_id = s.run_id AND i.attrs->>'source_key' = s.meta->>'iteration_key'
        LEFT JOIN spans p ON p.run_id = s.run_id AND p.span_id = s.parent_id AND s.meta->>'iteration_from' = 'parent'
        WHERE s.run_id = 'loop-api'`),
    );
    expect(spans.length).toBeGreaterThan(files.length);
    expect(spans.every((sp) => sp.iteration !== null && sp.iteration === sp.n)).toBe(true);
    expect(new Set(spans.map((sp) => sp.iteration))).toEqual(new Set(files.map((_, i) => i + 1)));
  });

  test("?format= forces a format; an unknown one is a 400 naming the parameter", async () => {
    const text = readFileSync(path.join(FIXTURES, "otlp-json", "collector-file-export.jsonl"), "utf8");
    // Read as Loopscope JSONL, no OTLP line is a record: nothing valid, and the answer says how it was read.
    const forced = await upload(text, "&format=loopscope");
    expect(forced.status).toBe(400);
    expect(forced.body.error).toMatchObject({ code: "nothing_valid", details: { format: "loopscope" } });
    expect(forced.body.error.message).toContain("read as loopscope");
    const bad = await upload(text, "&format=csv");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain("format");
  });

  test("a Claude Code file of summary lines only is read and stores nothing, rightly: a 200 that says so", async () => {
    // Claude Code writes these beside the sessions (a title pointing into another file).
    const lines = [
      { type: "summary", summary: "Fix the login test", leafUuid: "4c7d4d5a-7dd4-428c-bd81-077617558182" },
      { type: "summary", summary: "Refactor auth", leafUuid: "5d8e5e6b-8ee5-539d-ae92-188728669293" },
    ];
    const res = await upload(lines.map((l) => JSON.stringify(l)).join("\n"), "", "ff71dbed-summary.jsonl");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      format: "claude-code",
      accepted: 0,
      rejected: 0,
      skipped: 2,
      skipped_by_type: { summary: 2 },
      runs: [],
    });
    // Blank lines are no records and no skips: a body of them stays "holds no records".
    const blank = await upload("\n\n");
    expect(blank.status).toBe(400);
    expect(blank.body.error.code).toBe("nothing_valid");
  });
});
