// POST /api/v1/examples' service on PGlite and Postgres: every example file
// but bad-lines.jsonl is stored through the upload path, the runs appear with
// their span counts, and loading again changes nothing (no write, no upload
// logged, the runs' data_version unchanged). A fixture folder stands in for
// examples/; the repository's own examples/ is loaded too when it exists.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EXAMPLES_DIR, exampleRunId, listExampleFiles, loadExamples } from "@/app/_server/examples";
import type { DbHandle } from "@/db/client";
import { getRun } from "@/db/runs";
import { listUploads } from "@/db/uploads";
import { ingestItems } from "@/lib/ingest/ingest-stream";
import { openImport } from "@/lib/import/open-import";
import { createReadStream } from "node:fs";
import { targets } from "./support/databases";

const line = (o: object) => JSON.stringify(o);
const FILES: Record<string, string[]> = {
  // A named run: 3 spans (one nested), 2 iterations.
  "named-run.jsonl": [
    line({ type: "run", run_id: "r-example", name: "named example", started_at: "2026-01-01T00:00:00Z" }),
    line({
      type: "span",
      run_id: "r-example",
      span_id: "a",
      name: "agent",
      kind: "agent",
      t0: 1767225600,
      t1: 1767225660,
    }),
    line({
      type: "span",
      run_id: "r-example",
      span_id: "b",
      parent_id: "a",
      name: "search",
      t0: 1767225601,
      t1: 1767225602,
    }),
    line({
      type: "span",
      run_id: "r-example",
      span_id: "c",
      name: "edit",
      t0: 1767225610,
      t1: 1767225611,
      error: "boom",
    }),
    line({ type: "iteration", run_id: "r-example", n: 1, ts: 1767225630 }),
    line({ type: "iteration", run_id: "r-example", n: 2, ts: 1767225660 }),
  ],
  // Bare harness spans with no run: they join a run named after the file.
  "bare-spans.jsonl": [
    line({ name: "http_get", t0: 1767225600.0, t1: 1767225600.2, ok: false, error: "refused", meta: {} }),
    line({ name: "http_get", t0: 1767225600.3, t1: 1767225600.5, ok: true, error: "", meta: {} }),
  ],
  "bad-lines.jsonl": [line({ type: "span", run_id: "r-bad", name: "x", t0: 1 }), "not json"],
  "README.md": ["# not an example"],
};

describe("the example files", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "loopscope-examples-"));
    for (const [name, lines] of Object.entries(FILES)) writeFileSync(path.join(dir, name), `${lines.join("\n")}\n`);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("are the .jsonl files but bad-lines.jsonl, by name; none in a missing folder", async () => {
    expect(await listExampleFiles(dir)).toEqual(["bare-spans.jsonl", "named-run.jsonl"]);
    expect(await listExampleFiles(path.join(dir, "missing"))).toEqual([]);
  });

  describe.each(targets)("loaded on $name", (target) => {
    let h: DbHandle;
    beforeAll(async () => {
      h = await target.open();
    });
    afterAll(async () => {
      await h?.close();
    });

    test("every example run appears with its span counts; the bad lines are not loaded", async () => {
      const result = await loadExamples(h.db, dir);
      expect(result.runs.sort()).toEqual(["example-bare-spans", "r-example"]);
      expect(result.files.map((f) => [f.file, f.status, f.accepted, f.rejected])).toEqual([
        ["bare-spans.jsonl", "loaded", 2, 0],
        ["named-run.jsonl", "loaded", 6, 0],
      ]);
      expect(await getRun(h.db, "r-example")).toMatchObject({
        name: "named example",
        counts: { spans: 3, failures: 1, iterations: 2 },
      });
      expect(await getRun(h.db, "example-bare-spans")).toMatchObject({
        name: "bare-spans.jsonl",
        counts: { spans: 2, failures: 1 },
      });
      expect(await getRun(h.db, "r-bad")).toBeNull();
    });

    test("loading again changes nothing: no write, no upload logged", async () => {
      const before = await Promise.all([getRun(h.db, "r-example"), getRun(h.db, "example-bare-spans")]);
      const uploads = (await listUploads(h.db, 100)).length;
      const again = await loadExamples(h.db, dir);
      expect(again.files.map((f) => [f.file, f.status])).toEqual([
        ["bare-spans.jsonl", "already_loaded"],
        ["named-run.jsonl", "already_loaded"],
      ]);
      expect(again.runs.sort()).toEqual(["example-bare-spans", "r-example"]);
      expect(await Promise.all([getRun(h.db, "r-example"), getRun(h.db, "example-bare-spans")])).toEqual(before);
      expect((await listUploads(h.db, 100)).length).toBe(uploads);
    });

    test("a folder without examples is a 404", async () => {
      await expect(loadExamples(h.db, path.join(dir, "missing"))).rejects.toMatchObject({ code: "not_found" });
    });

    test.skipIf(!existsSync(EXAMPLES_DIR))("the repository's examples/ load, each run with its spans", async () => {
      const result = await loadExamples(h.db);
      expect(result.files.length).toBe((await listExampleFiles()).length);
      const expected = new Map<string, Set<string>>();
      for (const file of result.files)
        await spanIdsPerRun(path.join(EXAMPLES_DIR, file.file), exampleRunId(file.file), expected);
      for (const [runId, spans] of expected) expect((await getRun(h.db, runId))?.counts.spans, runId).toBe(spans.size);
      // The transcript folders: a Claude Code session of 8 turns; a loop script's 4 sessions as one run.
      expect((await getRun(h.db, "example-claude-code"))?.counts.iterations).toBe(8);
      expect((await getRun(h.db, "example-loop-script"))?.counts.iterations).toBe(4);
      const again = await loadExamples(h.db);
      expect(again.files.every((f) => f.status === "already_loaded")).toBe(true);
    });
  });
});

/** Adds the distinct spans each run of a file holds, read with the same pipeline (nothing stored). */
async function spanIdsPerRun(file: string, runId: string | null, ids: Map<string, Set<string>>): Promise<void> {
  const ctx = { runId, endedAtUs: null, fileName: path.basename(file), live: false };
  await ingestItems((await openImport(createReadStream(file), ctx)).items, {
    runId,
    writeBatch: async (batch) => {
      for (const r of batch) {
        if (!ids.has(r.runId)) ids.set(r.runId, new Set());
        if (r.type === "span") ids.get(r.runId)?.add(r.spanId);
      }
    },
  });
}
