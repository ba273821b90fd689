// `loopscope watch` against the real ingest route on both databases
// (docs/import.md#watching-a-live-session): one poll at a time, no sleeps.
//
//   session.jsonl  lines 1–19 (the last a Bash call, no result yet)   poll → sent live, the call not stored
//                  lines 1–37 (its result ✓, a second turn, …)        poll → sent again, the call ok
//                  unchanged                                          poll → nothing; restart + poll → nothing
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { rowsOf } from "@/db/client";
import { getRun } from "@/db/runs";
import { createWatcher, type WatchOptions } from "@/bin/cli/watch-command";
import type { StoredSpan } from "@/lib/schemas/records";
import { importFixture } from "@/tests/support/import";
import { targets } from "./support/databases";
import { useAccountsOn } from "./support/auth";
import { startIngestServer, type IngestServer } from "./support/ingest-server";
import { serveDatabase } from "./support/route";

const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/import/claude-code/session-fix-dates.jsonl");
const LINES = readFileSync(FIXTURE, "utf8").trimEnd().split("\n");
const RUN = "cc-7f3c2a9e-1b4d-4c8a-9e2f-5d6b8a1c3e70";
const CUT_AFTER = 19; // toolu_01Bash2: its result is line 20
const firstLines = (n: number) => LINES.slice(0, n).join("\n") + "\n";

/** What the watcher printed during `fn`, stdout and stderr apart. */
async function printed(fn: () => Promise<void>): Promise<{ stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...a) => void stdout.push(a.join(" ")));
  const error = vi.spyOn(console, "error").mockImplementation((...a) => void stderr.push(a.join(" ")));
  try {
    await fn();
    return { stdout, stderr };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe.each(targets)("loopscope watch against a server on $name", (target) => {
  const db = serveDatabase(target);
  let dir: string;
  let server: IngestServer;
  let opts: WatchOptions;
  const session = () => path.join(dir, "loop/session.jsonl");
  const spansOf = async (runId: string) =>
    rowsOf<{ span_id: string; ok: boolean; error: string }>(
      await db.db.execute(sql`SELECT span_id, ok, error FROM spans WHERE run_id = ${runId} ORDER BY span_id`),
    );

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "loopscope-watch-"));
    mkdirSync(path.join(dir, "loop"));
    server = await startIngestServer();
    opts = { url: server.url, quietMs: 0, stateFile: path.join(dir, "loop/.loopscope-watch.json") };
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("a session written in two steps is sent twice, live; a restart with the same state sends nothing", async () => {
    const watcher = createWatcher([path.join(dir, "loop")], opts);

    writeFileSync(session(), firstLines(CUT_AFTER));
    const first = await printed(() => watcher.poll());
    expect(server.requests.splice(0)).toEqual([{ ended_at: expect.any(String), live: "1" }]);
    expect(first.stderr).toEqual([]);
    expect(first.stdout).toEqual([
      expect.stringMatching(
        /session\.jsonl \(claude-code\): \d+ accepted, 0 rejected, 1 skipped \(file-history-snapshot 1\) → run cc-7f3c2a9e/,
      ),
    ]);
    expect((await spansOf(RUN)).map((s) => s.span_id)).not.toContain("cc-toolu_01Bash2");

    writeFileSync(session(), firstLines(LINES.length));
    await printed(() => watcher.poll());
    expect(server.requests.splice(0)).toHaveLength(1);
    expect((await spansOf(RUN)).find((s) => s.span_id === "cc-toolu_01Bash2")).toMatchObject({ ok: true, error: "" });

    await printed(() => watcher.poll());
    const restarted = createWatcher([path.join(dir, "loop")], opts);
    const again = await printed(() => restarted.poll());
    expect(server.requests).toEqual([]);
    expect(again).toEqual({ stdout: [], stderr: [] });
  });

  test("the run holds what one import of the finished file gives: the same spans, the turns once each", async () => {
    const whole = await importFixture(null, firstLines(LINES.length));
    const expected = whole.records
      .filter((r): r is StoredSpan => r.type === "span")
      .map((s) => ({ span_id: s.spanId, ok: s.ok, error: s.error }))
      .sort((a, b) => (a.span_id < b.span_id ? -1 : 1));
    expect(await spansOf(RUN)).toEqual(expected);
    const iterations = whole.records.filter((r) => r.type === "iteration").length;
    expect((await getRun(db.db, RUN))?.counts.iterations).toBe(iterations);
  });

  test("the state file sits in the watched folder and is never sent", () => {
    const state = JSON.parse(readFileSync(opts.stateFile, "utf8"));
    expect(Object.keys(state.files)).toEqual([path.resolve(session())]);
  });

  test("the API takes live=1 or true (and 0 or false); another value is a 400 naming it", async () => {
    const post = (live: string) =>
      fetch(`${server.url}/api/v1/ingest?live=${live}`, {
        method: "POST",
        headers: { "content-type": "application/x-ndjson" },
        body: firstLines(CUT_AFTER),
      });
    for (const live of ["1", "true", "0", "false"]) expect((await post(live)).status).toBe(200);
    const bad = await post("yes");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("live");
    server.requests.length = 0;
  });

  test("an unreachable server is said once; polling goes on and nothing is marked sent", async () => {
    const stateFile = path.join(dir, "unreachable-state.json");
    const watcher = createWatcher([path.join(dir, "loop")], { url: "http://127.0.0.1:9", quietMs: 0, stateFile });
    const out = await printed(async () => {
      await watcher.poll();
      await watcher.poll();
    });
    expect(out.stderr).toEqual([expect.stringMatching(/^loopscope: server unreachable at http:\/\/127\.0\.0\.1:9: /)]);
    expect(() => readFileSync(stateFile)).toThrow();
  });

  describe("with accounts on", () => {
    useAccountsOn();

    test("a refused key is said once whatever the files and polls; nothing is marked sent until it is taken", async () => {
      const loop = path.join(dir, "refused");
      mkdirSync(loop);
      writeFileSync(path.join(loop, "a.jsonl"), '{"run_id":"r-watch-a","name":"read_file","t0":1,"t1":2}\n');
      writeFileSync(path.join(loop, "b.jsonl"), '{"run_id":"r-watch-b","name":"edit","t0":1,"t1":2}\n');
      const stateFile = path.join(loop, ".loopscope-watch.json");
      const watcher = createWatcher([loop], {
        url: server.url,
        apiKey: "sk-ls-not-a-key-0123456789",
        apiKeySource: "flag",
        quietMs: 0,
        stateFile,
      });
      server.requests.length = 0;
      const refused = await printed(async () => {
        await watcher.poll();
        await watcher.poll();
      });
      expect(server.requests).toHaveLength(2); // one file tried per poll
      expect(refused.stdout).toEqual([]);
      expect(refused.stderr).toEqual([
        `loopscope: the server at ${server.url} refused the API key from --api-key (401: the API key is unknown or revoked). ` +
          `Pass --api-key a key with the ingest scope, or leave it out and run \`loopscope login --url ${server.url}\`; ` +
          `an admin creates one on ${server.url}/admin. Nothing is sent while it is refused; trying again at every poll.`,
      ]);
      expect(existsSync(stateFile)).toBe(false);

      process.env.LOOPSCOPE_AUTH = "off"; // the server takes any key now; useAccountsOn turns them on again after
      try {
        const taken = await printed(() => watcher.poll());
        expect(taken.stderr).toEqual([`loopscope: the server at ${server.url} takes the API key again`]);
        expect(taken.stdout).toHaveLength(2);
        expect(Object.keys(JSON.parse(readFileSync(stateFile, "utf8")).files)).toHaveLength(2);
      } finally {
        process.env.LOOPSCOPE_AUTH = "on";
      }
    });
  });
});
