// The built app under test: `next build` once per test run into .next-e2e
// (never the developer's .next), then one `next start` per test file on a free
// port with its own empty PGlite directory. Next forks a `next-server` child,
// so the server is started as a process-group leader and stopped by its group.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../../..");
/** Where the e2e build goes; LOOPSCOPE_E2E_DIST_DIR lets several builds of one checkout live side by side. */
export const E2E_DIST_DIR = process.env.LOOPSCOPE_E2E_DIST_DIR || ".next-e2e";
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;
const LOG_TAIL_CHARS = 6_000;

/** A started server; `log` is the tail of its output, for a failed assertion's message. */
export type AppServer = { baseUrl: string; dataDir: string; log: () => string; stop: () => Promise<void> };

/** The environment both `next build` and `next start` run with. */
function nextEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOOPSCOPE_DIST_DIR: E2E_DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    ...extra,
  };
  if (extra.DATABASE_URL === undefined) delete env.DATABASE_URL; // PGlite, unless a test names a database
  delete env.NODE_OPTIONS; // vitest's loader flags must not leak into Next
  return env;
}

/** Build unless LOOPSCOPE_E2E_SKIP_BUILD=1 and a build exists. Returns the build time, or null when skipped. */
export async function buildAppOnce(): Promise<number | null> {
  if (process.env.LOOPSCOPE_E2E_SKIP_BUILD === "1" && existsSync(path.join(ROOT, E2E_DIST_DIR, "BUILD_ID")))
    return null;
  // `next build` rewrites next-env.d.ts to point at its dist dir; put the developer's back.
  const nextEnvFile = path.join(ROOT, "next-env.d.ts");
  const nextEnvBefore = existsSync(nextEnvFile) ? readFileSync(nextEnvFile, "utf8") : null;
  const started = Date.now();
  try {
    const child = spawn(process.execPath, [NEXT_BIN, "build"], {
      cwd: ROOT,
      env: nextEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    const log = collectOutput(child);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    if (code !== 0) throw new Error(`next build into ${E2E_DIST_DIR} failed (exit ${code}):\n${log()}`);
  } finally {
    if (nextEnvBefore !== null) writeFileSync(nextEnvFile, nextEnvBefore);
  }
  return Date.now() - started;
}

/**
 * Start `next start` on the e2e build with a fresh PGlite directory; resolves once the API answers.
 * Accounts are off (LOOPSCOPE_AUTH=off) unless a test asks for them with `{ auth: true }`.
 * A server whose database is meant to be down waits for `readyPath: "/api/health"` instead.
 */
export async function startServer({
  auth = false,
  env = {},
  readyPath = "/api/ready",
}: { auth?: boolean; env?: Record<string, string>; readyPath?: string } = {}): Promise<AppServer> {
  if (!existsSync(path.join(ROOT, E2E_DIST_DIR, "BUILD_ID"))) {
    throw new Error(
      `no build in ${E2E_DIST_DIR}: run the e2e tests through \`npx vitest run --project e2e\` (its globalSetup builds)`,
    );
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "loopscope-e2e-"));
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    // HOST as `npm start` passes it: the pages' links name the address the server listens on.
    env: nextEnv({
      LOOPSCOPE_DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOOPSCOPE_AUTH: auth ? "on" : "off",
      ...env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group, so kill(-pid) also reaches next-server
  });
  const log = collectOutput(child);
  const killOnExit = () => signalGroup(child, "SIGKILL"); // a crashed worker must not leave a server behind
  process.on("exit", killOnExit);

  const stop = async () => {
    process.off("exit", killOnExit);
    await stopGroup(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(`${baseUrl}${readyPath}`, child, log);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, dataDir, log, stop };
}

/** Poll until the server answers 200 (the first request also waits for PGlite's first open and migrations). */
async function waitUntilReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exited: number | null | undefined;
  child.once("exit", (code) => {
    exited = code;
  });
  let last = "no answer yet";
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`next start exited (code ${exited}) before answering:\n${log()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      if (res.ok) return;
      last = `HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 200)); // readiness poll, not a test sleep
  }
  throw new Error(`next start did not answer ${url} within ${READY_TIMEOUT_MS} ms (${last}):\n${log()}`);
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (!signalGroup(child, "SIGTERM")) return;
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!groupAlive(child)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  signalGroup(child, "SIGKILL");
}

/** Signal the server's whole process group; false when the group is already gone. Signal 0 only probes. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals | 0): boolean {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch {
    return false;
  }
}

function groupAlive(child: ChildProcess): boolean {
  return signalGroup(child, 0);
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Keep the tail of a child's output for error messages; print nothing while all is well. */
function collectOutput(child: ChildProcess): () => string {
  let text = "";
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString("utf8")).slice(-LOG_TAIL_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return () => text;
}

/** The repository's example runs (examples/README.md says what each holds). */
export const EXAMPLES = path.join(ROOT, "examples");

/** POST an example file to the server's ingest API; the response body, after a status check. */
export async function ingestExample(server: AppServer, file: string, runId?: string): Promise<{ runs: string[] }> {
  const url = `${server.baseUrl}/api/v1/ingest${runId ? `?run_id=${encodeURIComponent(runId)}` : ""}`;
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-ndjson" },
    body: readFileSync(path.join(EXAMPLES, file)),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`ingest ${file}: HTTP ${res.status} ${text}`);
  return JSON.parse(text) as { runs: string[] };
}
