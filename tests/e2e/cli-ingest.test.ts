// `npx loopscope ingest` against the real built server (README.md): files are
// streamed, the summary names each file's runs and rejected lines, exit 1
// when a line was rejected; the runs then read back through the API.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { EXAMPLES, ROOT, startServer, type AppServer } from "./support/server";

let server: AppServer;

function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, "bin/loopscope.mjs"), ...args], { cwd: ROOT });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

test("clean files: exit 0, a summary per file, the runs stored", async () => {
  const r = await cli(
    "ingest",
    `${EXAMPLES}/stuck-loop.jsonl`,
    `${EXAMPLES}/healthy-run.jsonl`,
    "--url",
    server.baseUrl,
  );
  expect(r.code).toBe(0);
  expect(r.stdout).toContain("stuck-loop.jsonl (loopscope): 489 accepted, 0 rejected, 0 skipped → run r-stuck-loop");
  expect(r.stdout).toContain("healthy-run.jsonl (loopscope): 190 accepted, 0 rejected, 0 skipped → run r-healthy");
  const run = (await (await fetch(`${server.baseUrl}/api/v1/runs/r-stuck-loop`)).json()) as {
    counts: { spans: number };
  };
  expect(run.counts.spans).toBe(424);
});

test("a file with bad lines: exit 1 and every rejected line listed", async () => {
  const r = await cli("ingest", `${EXAMPLES}/bad-lines.jsonl`, "--url", server.baseUrl);
  expect(r.code).toBe(1);
  for (const line of [2, 3, 6, 7, 9, 10]) expect(r.stdout).toContain(`line ${line}:`);
});

test("--run gives records without a run the named run", async () => {
  const r = await cli("ingest", `${EXAMPLES}/harness-spans.jsonl`, "--run", "harness-cli", "--url", server.baseUrl);
  expect(r.code).toBe(0);
  const run = (await (await fetch(`${server.baseUrl}/api/v1/runs/harness-cli`)).json()) as {
    counts: { spans: number; failures: number };
  };
  expect(run.counts).toMatchObject({ spans: 7, failures: 4 });
});
