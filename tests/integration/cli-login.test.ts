// "The CLI signs in once" (docs/accounts.md#the-cli-signs-in-once) against the
// real routes with accounts on, on both databases:
//
//   login (ingest key)  → GET runs 403: known, limited → stored 0600   ingest (no flag, no env) → every file goes
//   login (bad key)     → GET runs 401 → the reason once, nothing stored, exit 1
//   logout              → the key removed                               ingest → one 401 message: `loopscope login`
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { POST as createKey } from "@/app/api/v1/keys/route";
import { main } from "@/bin/cli/main";
import { credentialsPath, storeApiKey } from "@/bin/cli/credentials";
import { getRun } from "@/db/runs";
import type { KeyCreated } from "@/lib/schemas/auth";
import { targets } from "./support/databases";
import { bearer, ENV_KEY, useAccountsOn } from "./support/auth";
import { startIngestServer, type IngestServer } from "./support/ingest-server";
import { call, serveDatabase } from "./support/route";

const REPO = path.resolve(import.meta.dirname, "../..");
const modeOf = (p: string) => statSync(p).mode & 0o777;

describe.each(targets)("loopscope login, ingest and logout against a server on $name", (target) => {
  useAccountsOn();
  const db = serveDatabase(target);
  let dir: string;
  let server: IngestServer;
  let url: string;
  /** The CLI's environment: no LOOPSCOPE_API_KEY (the server's is set), its own config directory. */
  let env: NodeJS.ProcessEnv;
  let file: string;
  let ingestKey: string;
  let readKey: string;

  const makeKey = async (scopes: string[]) => {
    const created = await call(
      createKey,
      "/api/v1/keys",
      {},
      {
        method: "POST",
        headers: { ...bearer(ENV_KEY), "content-type": "application/json" },
        body: JSON.stringify({ name: `cli ${scopes.join("+")}`, scopes }),
      },
    );
    expect(created.status).toBe(201);
    return (created.body as KeyCreated).secret_key;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "loopscope-cli-login-"));
    mkdirSync(path.join(dir, "runs"));
    writeFileSync(path.join(dir, "runs/a.jsonl"), '{"run_id":"r-login-a","name":"read_file","t0":1,"t1":2}\n');
    writeFileSync(path.join(dir, "runs/b.jsonl"), '{"run_id":"r-login-b","name":"edit","t0":1,"t1":2}\n');
    server = await startIngestServer();
    url = server.url;
    env = { NODE_ENV: "test", XDG_CONFIG_HOME: path.join(dir, "config") } as NodeJS.ProcessEnv;
    file = credentialsPath(env);
    ingestKey = await makeKey(["ingest"]);
    readKey = await makeKey(["ingest", "read"]);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** `main(args --url URL)` in this process (the server answers here too), with what it printed. */
  const run = (cliEnv: NodeJS.ProcessEnv, ...args: string[]) => runAt(url, cliEnv, ...args);

  async function runAt(at: string, cliEnv: NodeJS.ProcessEnv, ...args: string[]) {
    server.requests.length = 0;
    const out: string[] = [];
    const err: string[] = [];
    const log = vi.spyOn(console, "log").mockImplementation((...a) => void out.push(a.join(" ")));
    const error = vi.spyOn(console, "error").mockImplementation((...a) => void err.push(a.join(" ")));
    try {
      const code = await main([...args, "--url", at], cliEnv);
      return { code, stdout: out, stderr: err };
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  }
  const stored = () => JSON.parse(readFileSync(file, "utf8"));

  test("login with an ingest key: known but may not read (403), stored 0600 in a 0700 directory: exit 0", async () => {
    const r = await run(env, "login", "--api-key", ingestKey);
    expect(r.stderr).toEqual([]);
    expect(r.code).toBe(0);
    expect(server.requests).toEqual([{ limit: "1" }]);
    expect(r.stdout).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Logged in to ${url}: the server knows the key, but it may not read runs \\(403: key:\\S+ may not read\\); ` +
            `ingest and watch need only the ingest scope\\. Stored in ${file}; ingest and watch send it to ${url}\\.$`,
        ),
      ),
    ]);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(path.dirname(file))).toBe(0o700);
    expect(stored()).toEqual({
      version: 1,
      servers: { [url]: { api_key: ingestKey, saved_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) } },
    });
  });

  test("ingest with neither --api-key nor LOOPSCOPE_API_KEY sends the stored key: every file goes", async () => {
    const r = await run(env, "ingest", path.join(dir, "runs"));
    expect(r.stderr).toEqual([]);
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect((await getRun(db.db, "r-login-a"))?.counts.spans).toBe(1);
    expect((await getRun(db.db, "r-login-b"))?.counts.spans).toBe(1);
  });

  test("a bad key: the server's reason once, nothing stored or changed: exit 1", async () => {
    const before = readFileSync(file, "utf8");
    const r = await run(env, "login", "--api-key", "sk-ls-not-a-key-0123456789");
    expect(r.code).toBe(1);
    expect(r.stdout).toEqual([]);
    expect(r.stderr).toEqual([
      `loopscope: the server at ${url} refused the API key (401: the API key is unknown or revoked); nothing stored`,
    ]);
    expect(readFileSync(file, "utf8")).toBe(before);

    const fresh = { ...env, XDG_CONFIG_HOME: path.join(dir, "fresh") };
    expect((await run(fresh, "login", "--api-key", "sk-ls-not-a-key-0123456789")).code).toBe(1);
    expect(existsSync(path.join(dir, "fresh"))).toBe(false);
  });

  test("an unreachable server: exit 2, nothing stored", async () => {
    const fresh = { ...env, XDG_CONFIG_HOME: path.join(dir, "unreachable") };
    const r = await runAt("http://127.0.0.1:9", fresh, "login", "--api-key", readKey);
    expect(r.code).toBe(2);
    expect(r.stderr).toEqual([
      expect.stringMatching(/^loopscope: server unreachable at http:\/\/127\.0\.0\.1:9: .*; nothing stored$/),
    ]);
    expect(existsSync(path.join(dir, "unreachable"))).toBe(false);
  });

  test("a key that may read too is taken outright; a set LOOPSCOPE_API_KEY is named, since it wins", async () => {
    const r = await run({ ...env, LOOPSCOPE_API_KEY: "sk-ls-elsewhere" }, "login", "--api-key", readKey);
    expect(r.code).toBe(0);
    expect(r.stdout).toEqual([
      `Logged in to ${url}: the server took the key. Stored in ${file}; ingest and watch send it to ${url}.`,
    ]);
    expect(r.stderr).toEqual([
      "loopscope: LOOPSCOPE_API_KEY is set, and ingest and watch send it rather than the stored key",
    ]);
    expect(stored().servers[url].api_key).toBe(readKey);
  });

  test("with accounts off any key is taken, and login says it was not checked", async () => {
    const fresh = { ...env, XDG_CONFIG_HOME: path.join(dir, "open") };
    process.env.LOOPSCOPE_AUTH = "off"; // useAccountsOn turns them on again after the suite
    try {
      const r = await run(fresh, "login", "--api-key", "sk-ls-anything-at-all");
      expect(r.code).toBe(0);
      expect(r.stdout[0]).toMatch(
        new RegExp(`^Logged in to ${url}: accounts are off there, so any key is taken and this one was not checked\\.`),
      );
    } finally {
      process.env.LOOPSCOPE_AUTH = "on";
    }
  });

  test("logout removes the key and says so; ingest then fails once, suggesting `loopscope login`", async () => {
    const out = await run(env, "logout");
    expect(out).toMatchObject({ code: 0, stdout: [`Removed the key stored for ${url}.`], stderr: [] });
    expect(stored().servers).toEqual({});
    expect(modeOf(file)).toBe(0o600);
    expect((await run(env, "logout")).stdout).toEqual([`No key was stored for ${url}.`]);

    const r = await run(env, "ingest", path.join(dir, "runs"));
    expect(r.code).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(r.stderr).toEqual([
      `loopscope: the server at ${url} needs an API key (401), and none was sent. ` +
        `Run \`loopscope login --url ${url}\` with a key that has the ingest scope ` +
        `(or set LOOPSCOPE_API_KEY, or pass --api-key); an admin creates one on ${url}/admin. Stopped: 2 files not sent.`,
    ]);
  });

  test("a stored key the server refuses: the one message says it was the stored one", async () => {
    storeApiKey(file, url, "sk-ls-revoked-0123456789");
    const r = await run(env, "ingest", path.join(dir, "runs"));
    expect(r.code).toBe(1);
    expect(r.stderr).toHaveLength(1);
    expect(r.stderr[0]).toContain(
      `refused the API key stored for ${url} by \`loopscope login\` (401: the API key is unknown or revoked). ` +
        `Run \`loopscope login --url ${url}\``,
    );
  });

  test("a corrupt credentials file: ingest names it and exits 1; logout --all removes it", async () => {
    writeFileSync(file, "{ not json");
    const r = await run(env, "ingest", path.join(dir, "runs"));
    expect(r.code).toBe(1);
    expect(server.requests).toEqual([]);
    expect(r.stderr).toEqual([
      `loopscope: ${file} is not a Loopscope credentials file (not JSON): ` +
        "fix it, or remove it with `loopscope logout --all` and log in again",
    ]);
    expect((await run(env, "logout", "--all")).stdout).toEqual([`Removed ${file}.`]);
    expect(existsSync(file)).toBe(false);
  });

  test("the CLI as a process reads a piped key from stdin's first line, checks it and stores it", async () => {
    const { LOOPSCOPE_API_KEY: _serverKey, ...parent } = process.env;
    const piped = { ...parent, XDG_CONFIG_HOME: path.join(dir, "piped") };
    const child = spawn(process.execPath, ["bin/loopscope.mjs", "login", "--url", url], { cwd: REPO, env: piped });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.stdin.end(`${ingestKey}\nnot read\n`);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain(`Logged in to ${url}: the server knows the key`);
    const pipedFile = credentialsPath(piped);
    expect(modeOf(pipedFile)).toBe(0o600);
    expect(JSON.parse(readFileSync(pipedFile, "utf8")).servers[url].api_key).toBe(ingestKey);
  });
});
