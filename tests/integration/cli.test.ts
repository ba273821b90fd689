import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { POST as ingest } from "@/app/api/v1/ingest/route";
import { main } from "@/bin/cli/main";
import { getRun } from "@/db/runs";
import { REPORT_KEYS } from "@/tests/support/analysis-report";
import { targets } from "./support/databases";
import { EXAMPLES } from "./support/ingest";
import { serveDatabase } from "./support/route";
import { useAccountsOn } from "./support/auth";

const cli = (...args: string[]) => {
  const r = spawnSync(process.execPath, ["bin/loopscope.mjs", ...args], { encoding: "utf8", timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe("npx loopscope analyze (offline gate)", () => {
  test("the stuck loop trips a breaker: exit 3, stopped at its first stop (the three-layer trip at iteration 2)", () => {
    const r = cli("analyze", `${EXAMPLES}/stuck-loop.jsonl`);
    expect(r.code).toBe(3);
    expect(r.stdout).toContain("**The three-layer breaker would have stopped the run at iteration 2** (token layer");
    expect(r.stdout).toContain("The loop breaker at iteration 11");
    expect(r.stderr).toContain("breaker tripped in: r-stuck-loop");
  });

  test("the healthy run passes the gate: exit 0", () => {
    const r = cli("analyze", `${EXAMPLES}/healthy-run.jsonl`);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("No breaker would have stopped this run");
  });

  test("--json prints the report with the contract's field names; --set overrides", () => {
    const r = cli("analyze", `${EXAMPLES}/harness-spans.jsonl`, "--json", "--set", "slow_ratio=1.5");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(Object.keys(report)).toEqual(REPORT_KEYS);
    expect(report.bottlenecks[0].reasons.map((x: { kind: string }) => x.kind)).toEqual(["slow", "failing"]);
  });

  test("rejected lines are named on stderr but leave the exit code alone without --strict: exit 0", () => {
    const r = cli("analyze", `${EXAMPLES}/bad-lines.jsonl`);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("bad-lines.jsonl: line 2: ");
    expect(r.stderr).toContain("6 lines rejected (the exit code ignores them; --strict makes them exit 1)");
  });

  test("--strict: any rejected line is exit 1", () => {
    const r = cli("analyze", `${EXAMPLES}/bad-lines.jsonl`, "--strict");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("6 lines rejected → exit 1 (--strict)");
  });

  test("--strict with clean files is exit 0", () => {
    expect(cli("analyze", `${EXAMPLES}/healthy-run.jsonl`, "--strict").code).toBe(0);
  });

  test("--strict: a tripped breaker's exit 3 wins over the rejected lines' 1", () => {
    const r = cli("analyze", `${EXAMPLES}/bad-lines.jsonl`, `${EXAMPLES}/stuck-loop.jsonl`, "--strict", "--json");
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("6 lines rejected (--strict, but a tripped breaker's exit 3 wins)");
    expect(r.stderr).toContain("breaker tripped in: r-stuck-loop → exit 3");
  });

  test("a bad --set is a usage error naming the setting: exit 1", () => {
    const r = cli("analyze", `${EXAMPLES}/harness-spans.jsonl`, "--set", "fail_max=zero");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("fail_max");
  });
});

describe("npx loopscope ingest", () => {
  test("an unreachable server is exit 2", () => {
    const r = cli("ingest", `${EXAMPLES}/harness-spans.jsonl`, "--url", "http://127.0.0.1:9");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("server unreachable");
  });
});

describe("npx loopscope --format", () => {
  test.each([
    ["ingest", "--url", "http://127.0.0.1:9"],
    ["analyze", "--json"],
  ])("%s: an unknown --format is a usage error listing the formats: exit 1", (command, ...more) => {
    const r = cli(command, `${EXAMPLES}/harness-spans.jsonl`, "--format", "claude", ...more);
    expect(r.code).toBe(1);
    expect(r.stderr.split("\n")[0]).toBe(
      'loopscope: --format must be one of loopscope, claude-code, claude-code-stream, codex, openai-agents, langfuse, jaeger, openinference, otlp-json, iteration-log, mini-swe-agent, swe-agent, openai-chat, gemini-cli; got "claude"',
    );
    expect(r.stdout).toBe("");
  });
});

/** The file's modification time, set by the test: 2026-03-04T10:20:00.5Z. */
const MTIME_S = 1772619600.5;
const MTIME_ISO = "2026-03-04T10:20:00.500000Z";

describe.each(targets)("loopscope ingest PATH… against a server on $name", (target) => {
  const db = serveDatabase(target);
  const requests: { query: Record<string, string>; type?: string; filename?: string }[] = [];
  let dir: string;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "loopscope-cli-ingest-"));
    const file = (name: string, lines: string[]) => writeFileSync(path.join(dir, name), lines.join("\n"));
    mkdirSync(path.join(dir, "runs/otlp"), { recursive: true });
    file("runs/b.jsonl", ['{"type":"run","run_id":"r-cli-b"}', '{"run_id":"r-cli-b","name":"edit","t0":1,"t1":2}']);
    file("runs/a.jsonl", ['{"run_id":"r-cli-a","name":"read_file","t0":1,"t1":2}']);
    file("runs/notes.txt", ["not a log"]);
    copyFileSync(`${EXAMPLES}/otlp/traces.json`, path.join(dir, "runs/otlp/traces.json"));
    for (const name of ["runs/a.jsonl", "runs/b.jsonl", "runs/otlp/traces.json"])
      utimesSync(path.join(dir, name), MTIME_S, MTIME_S);
    server = createServer((req, res) => void forward(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  /** The real ingest route behind a real HTTP server, noting what each request carried. */
  async function forward(req: IncomingMessage, res: ServerResponse) {
    const target = new URL(req.url ?? "/", url);
    const header = (name: string) => req.headers[name] as string | undefined;
    requests.push({
      query: Object.fromEntries(target.searchParams),
      type: header("content-type"),
      filename: header("x-loopscope-filename"),
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    const response = await ingest(
      new Request(target, { method: req.method, headers, body, duplex: "half" } as RequestInit),
    );
    res.writeHead(response.status, { "content-type": "application/json" });
    res.end(Buffer.from(await response.arrayBuffer()));
  }

  /** `main(args)` in this process (the server answers here too), with what it printed. */
  const run = (...args: string[]) => runWithEnv(process.env, ...args);

  async function runWithEnv(env: NodeJS.ProcessEnv, ...args: string[]) {
    requests.length = 0;
    const out: string[] = [];
    const err: string[] = [];
    const log = vi.spyOn(console, "log").mockImplementation((...a) => void out.push(a.join(" ")));
    const error = vi.spyOn(console, "error").mockImplementation((...a) => void err.push(a.join(" ")));
    try {
      const code = await main([...args, "--url", url], env);
      return { code, stdout: out.join("\n"), stderr: err.join("\n") };
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  }

  test("a directory is walked in name order; each file goes with its name, content type and modification time", async () => {
    const r = await run("ingest", path.join(dir, "runs"));
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(requests).toEqual([
      { query: { ended_at: MTIME_ISO }, type: "application/x-ndjson", filename: "a.jsonl" },
      { query: { ended_at: MTIME_ISO }, type: "application/x-ndjson", filename: "b.jsonl" },
      { query: { ended_at: MTIME_ISO }, type: "application/json", filename: "traces.json" },
    ]);
    expect((await getRun(db.db, "r-cli-b"))?.counts.spans).toBe(1);
    expect((await getRun(db.db, "conv-example-0001"))?.counts.spans).toBeGreaterThan(0);
  });

  test("the summary names each file's detected format and the lines it skipped", async () => {
    const r = await run("ingest", path.join(dir, "runs/otlp"), path.join(dir, "runs/a.jsonl"));
    const lines = r.stdout.split("\n");
    expect(lines[0]).toMatch(
      /^\S+traces\.json \(otlp-json\): \d+ accepted, 0 rejected, 0 skipped → run conv-example-0001$/,
    );
    expect(lines[1]).toBe(
      `${path.join(dir, "runs/a.jsonl")} (loopscope): 1 accepted, 0 rejected, 0 skipped → run r-cli-a`,
    );
  });

  test("--format and --run are sent with every file; a file that is not that format is rejected: exit 1", async () => {
    const r = await run(
      "ingest",
      path.join(dir, "runs/otlp/traces.json"),
      "--format",
      "loopscope",
      "--run",
      "r-forced",
    );
    expect(requests.map((q) => q.query)).toEqual([{ run_id: "r-forced", format: "loopscope", ended_at: MTIME_ISO }]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("traces.json: no valid record: 1 line(s) rejected");
  });

  test("a file named explicitly is sent whatever its name", async () => {
    const r = await run("ingest", path.join(dir, "runs/notes.txt"));
    expect(requests.map((q) => q.filename)).toEqual(["notes.txt"]);
    expect(r.code).toBe(1);
  });

  describe("with accounts on", () => {
    useAccountsOn();
    /** The CLI's environment without LOOPSCOPE_API_KEY (the server's is set), and a config directory with no stored key. */
    const NO_KEY = { NODE_ENV: "test" } as NodeJS.ProcessEnv;
    beforeAll(() => {
      NO_KEY.XDG_CONFIG_HOME = path.join(dir, "config");
    });

    test("no API key: the first 401 stops the upload, said once with what to do: exit 1", async () => {
      const r = await runWithEnv(NO_KEY, "ingest", path.join(dir, "runs"));
      expect(r.code).toBe(1);
      expect(requests).toHaveLength(1); // three files listed, one sent
      expect(r.stdout).toBe("");
      expect(r.stderr.split("\n")).toEqual([
        `loopscope: the server at ${url} needs an API key (401), and none was sent. ` +
          `Run \`loopscope login --url ${url}\` with a key that has the ingest scope ` +
          "(or set LOOPSCOPE_API_KEY, or pass --api-key); " +
          `an admin creates one on ${url}/admin. Stopped: 3 files not sent.`,
      ]);
    });

    test("a wrong --api-key: the server's reason, once", async () => {
      const r = await runWithEnv(NO_KEY, "ingest", path.join(dir, "runs"), "--api-key", "sk-ls-not-a-key-0123456789");
      expect(r.code).toBe(1);
      expect(requests).toHaveLength(1);
      expect(r.stderr.split("\n")).toHaveLength(1);
      expect(r.stderr).toContain("refused the API key from --api-key (401: the API key is unknown or revoked)");
    });

    test("the key in LOOPSCOPE_API_KEY is sent: every file goes", async () => {
      const r = await run("ingest", path.join(dir, "runs"));
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(requests).toHaveLength(3);
    });
  });
});
