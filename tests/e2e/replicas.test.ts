// docs/scaling.md on the built server: two `next start` processes on one
// Postgres database, as behind a load balancer. Overlapping batches of one run
// POSTed to both at once store each span once; simultaneous analysis requests
// on both compute the report once (counted in the job queue's table: the jobs
// whose output says they computed) and answer the same JSON; the pages and
// API routes answer the same from either. Needs TEST_DATABASE_URL.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getRun } from "@/db/runs";
import { openDatabase, rowsOf } from "@/db/client";
import { openTempDatabase, type TempDatabase } from "@/db/temp-database";
import { ingestText } from "@/tests/integration/support/ingest";
import { launchBrowser } from "./support/browser";
import { requestOnOwnConnection } from "./support/own-connection";
import { EXAMPLES, ingestExample, ROOT, startServer, type AppServer } from "./support/server";

const TEST_URL = process.env.TEST_DATABASE_URL;
const RUN = "r-stuck-loop";
const BATCH_LINES = 60;
const STEP_LINES = 45; // consecutive batches share 15 lines

function overlappingBatches(text: string): string[] {
  const lines = text.trimEnd().split("\n");
  const batches: string[] = [];
  for (let start = 0; start < lines.length; start += STEP_LINES)
    batches.push(lines.slice(start, start + BATCH_LINES).join("\n") + "\n");
  return batches;
}

/**
 * The analysis jobs asked with `slow_ratio`, once none is queued or running: a
 * job is marked completed just after its report is cached, so a request may
 * have its answer a moment before.
 */
async function settledJobs(temp: TempDatabase, slowRatio: string) {
  for (;;) {
    const jobs = rowsOf<{ state: string; computed: string | null }>(
      await temp.db.execute(sql`SELECT state, output->>'computed' AS computed FROM pgboss.job
        WHERE name = 'loopscope-analysis' AND data->'overrides'->>'slow_ratio' = ${slowRatio}`),
    );
    if (jobs.every((j) => j.state === "completed")) return jobs;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!TEST_URL)("two server processes on one Postgres database", () => {
  let temp: TempDatabase;
  let servers: AppServer[] = [];
  const both = <T>(fn: (s: AppServer) => Promise<T>) => Promise.all(servers.map(fn));
  const getJson = async (s: AppServer, p: string) => {
    const res = await requestOnOwnConnection(`${s.baseUrl}${p}`);
    // A 5xx body names only a request id: the server's log says what failed.
    if (res.status !== 200) expect.fail(`${p}: ${res.status} ${res.text}\nthe server's log:\n${s.log()}`);
    return JSON.parse(res.text) as unknown;
  };

  beforeAll(async () => {
    temp = await openTempDatabase(TEST_URL ?? "", "e2e_replicas");
    servers = await Promise.all([0, 1].map(() => startServer({ env: { DATABASE_URL: temp.url } })));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await temp?.close();
  });

  test("overlapping batches POSTed to both at once store the run exactly once", async () => {
    const text = readFileSync(path.join(EXAMPLES, "stuck-loop.jsonl"), "utf8");
    // The oracle: the same file ingested once, in order, into an embedded database.
    // Every request goes on a connection of its own (support/own-connection.ts): the
    // batches of one run wait on each other's run-row lock, and a pooled connection
    // idle that long was closed by the server under a request ("other side closed").
    const reference = await openDatabase({ memory: true });
    let expected: unknown;
    try {
      await ingestText(reference.db, text);
      expected = (await getRun(reference.db, RUN))?.counts;
    } finally {
      await reference.close();
    }
    const posts = overlappingBatches(text).flatMap((body) =>
      servers.map(async (s) => {
        const res = await requestOnOwnConnection(`${s.baseUrl}/api/v1/ingest`, new Blob([body]));
        expect(res.status, res.text).toBe(200);
      }),
    );
    await Promise.all(posts);
    const stored = await both((s) => getJson(s, `/api/v1/runs/${RUN}`));
    for (const run of stored) expect((run as { counts: unknown }).counts).toEqual(expected);
    expect(expected).toMatchObject({ spans: 424, iterations: 30 });
  });

  test("simultaneous analysis requests on both compute once and answer the same JSON", async () => {
    const query = `/api/v1/runs/${RUN}/analysis?slow_ratio=1.5`; // settings no earlier request used
    const reports = await Promise.all([...servers, ...servers].map((s) => getJson(s, query)));
    for (const report of reports) expect(report).toEqual(reports[0]);
    const jobs = await settledJobs(temp, "1.5");
    expect(jobs.filter((j) => j.computed === "true")).toHaveLength(1);
  });

  test.each([
    "/api/v1/runs",
    `/api/v1/runs/${RUN}`,
    `/api/v1/runs/${RUN}/analysis`,
    `/api/v1/runs/${RUN}/timeline`,
    `/api/v1/runs/${RUN}/spans`,
  ])("%s answers the same JSON from both", async (p) => {
    const [a, b] = await both((s) => getJson(s, p));
    expect(a).toEqual(b);
  });

  test.each(["/runs", `/api/v1/runs/${RUN}/report.md`])("%s answers the same from both", async (p) => {
    const [a, b] = await both(async (s) => {
      const res = await requestOnOwnConnection(`${s.baseUrl}${p}`);
      expect(res.status, p).toBe(200);
      // The report links to the run at the origin it was asked on: the same behind one load balancer.
      // A page's script nonce is new in every answer (docs/decisions.md#security), from one server too.
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"] ?? ""))?.[1];
      const text = res.text.replaceAll(s.baseUrl, "<origin>");
      return nonce ? text.replaceAll(nonce, "<nonce>") : text;
    });
    expect(a).toContain("fix auth null deref");
    expect(a).toEqual(b);
  });

  // The run page streams (the analysis arrives in Suspense boundaries), so its bytes depend
  // on what was ready when the shell was sent: the same page is what a browser shows.
  test(`/runs/${RUN} shows the same from both`, async () => {
    const [a, b] = await both(async (s) => {
      expect((await requestOnOwnConnection(`${s.baseUrl}/runs/${RUN}`)).status).toBe(200);
      const browser = await launchBrowser(s.baseUrl);
      try {
        const page = await browser.newPage();
        await page.goto(`/runs/${RUN}?tab=timeline`);
        await page.locator('[data-testid="timeline"][data-loaded="complete"][data-analysis="ready"]').waitFor();
        await page.getByTestId("verdict-halt").waitFor();
        await page.locator('[data-testid="tab-breakers"] .run-tab-count').waitFor(); // streams on its own
        return (await page.locator("body").innerText()).replaceAll(s.baseUrl, "<origin>");
      } finally {
        await browser.close();
      }
    });
    expect(a).toContain("fix auth null deref");
    expect(a).toContain("would have halted");
    expect(a).toEqual(b);
  });
});

describe.skipIf(!TEST_URL)("LOOPSCOPE_ROLE=web with a separate LOOPSCOPE_ROLE=worker process", () => {
  let temp: TempDatabase;
  let web: AppServer;
  let worker: ChildProcess | undefined;
  let workerLog = "";

  beforeAll(async () => {
    temp = await openTempDatabase(TEST_URL ?? "", "e2e_roles");
    web = await startServer({ env: { DATABASE_URL: temp.url, LOOPSCOPE_ROLE: "web" } });
    await ingestExample(web, "healthy-run.jsonl");
  });
  afterAll(async () => {
    if (worker?.pid !== undefined && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker?.once("exit", resolve));
      process.kill(-worker.pid, "SIGTERM");
      await exited;
    }
    await web?.stop();
    await temp?.close();
  });

  test("the web server only enqueues; `npm start` as a worker works the job", async () => {
    const answer = fetch(`${web.baseUrl}/api/v1/runs/r-healthy/analysis?slow_ratio=1.8`);
    const jobState = async () =>
      rowsOf<{ state: string }>(
        await temp.db.execute(sql`SELECT state FROM pgboss.job
          WHERE name = 'loopscope-analysis' AND data->'overrides'->>'slow_ratio' = '1.8'`),
      )[0]?.state;
    while ((await jobState()) === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    // Three of its poll intervals: a web server that worked jobs would have taken it by now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await jobState()).toBe("created");
    worker = spawn(process.execPath, [path.join(ROOT, "scripts", "start.mjs")], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: temp.url, LOOPSCOPE_ROLE: "worker", NODE_OPTIONS: "" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    worker.stdout?.on("data", (chunk: Buffer) => (workerLog += chunk.toString()));
    worker.stderr?.on("data", (chunk: Buffer) => (workerLog += chunk.toString()));
    const res = await answer;
    expect(res.status, workerLog).toBe(200);
    expect(((await res.json()) as { settings: { slow_ratio: number } }).settings.slow_ratio).toBe(1.8);
    expect(await settledJobs(temp, "1.8")).toEqual([{ state: "completed", computed: "true" }]);
    expect(workerLog).toContain("job queue ready (working jobs)");
  });
});
