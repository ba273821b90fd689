// The CLI as it runs once installed (`npm install -g .` or `npm link`): a
// subprocess started in a directory of the user's, far from the clone, given
// relative paths. Files and directories resolve against that directory, a
// missing one (or one with nothing to read) is named (exit 1), --version and
// --help answer, and ingest's server defaults to LOOPSCOPE_URL, else
// http://localhost:$PORT (exit 2 when unreachable).
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const BIN = fileURLToPath(new URL("../../bin/loopscope.mjs", import.meta.url));
const VERSION = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
).version;
const RUN = [
  '{"type":"run","run_id":"r-anywhere","name":"from elsewhere"}',
  '{"run_id":"r-anywhere","name":"read_file","t0":1,"t1":2}',
].join("\n");

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "loopscope-cli-"));
  mkdirSync(path.join(dir, "runs"));
  writeFileSync(path.join(dir, "runs", "run.jsonl"), RUN);
  mkdirSync(path.join(dir, "mixed", "otlp"), { recursive: true });
  writeFileSync(path.join(dir, "mixed", "run.jsonl"), RUN);
  copyFileSync(
    fileURLToPath(new URL("../../examples/otlp/traces.json", import.meta.url)),
    path.join(dir, "mixed", "otlp", "traces.json"),
  );
  mkdirSync(path.join(dir, "empty"));
  writeFileSync(path.join(dir, "empty", "notes.txt"), "not a log\n");
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Run the CLI in the temp directory with `env` over an environment without LOOPSCOPE_URL or PORT. */
function cli(args: string[], env: Record<string, string> = {}) {
  const { LOOPSCOPE_URL: _url, PORT: _port, ...base } = process.env;
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: dir,
    env: { ...base, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A port nothing listens on: taken from the OS, then released. */
async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== "object" || address === null) throw new Error("no port");
  return address.port;
}

describe("loopscope run from another directory", () => {
  test("a relative FILE is read from the caller's directory", () => {
    const r = cli(["analyze", "runs/run.jsonl", "--json"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ run_id: "r-anywhere" });
  });

  test("analyze walks a relative directory and reads a foreign file offline: an OTLP JSON export", () => {
    const r = cli(["analyze", "mixed", "--json"]);
    expect(r.code).toBe(0);
    expect(r.stderr.trim()).toBe(`${path.join("mixed", "otlp", "traces.json")}: read as otlp-json, 0 lines skipped`);
    const reports = JSON.parse(r.stdout) as { run_id: string; tools: { tool: string }[] }[];
    // mixed/otlp/traces.json comes before mixed/run.jsonl: "otlp" < "run.jsonl".
    expect(reports.map((x) => x.run_id)).toEqual(["conv-example-0001", "r-anywhere"]);
    expect(reports[0]?.tools.map((t) => t.tool)).toContain("read_file");
  });

  test.each(["analyze", "ingest"])("%s names a directory with nothing to read and reads none: exit 1", (command) => {
    const r = cli([command, "runs", "empty"]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe("no importable files in empty");
    expect(r.stdout).toBe("");
  });

  test.each(["analyze", "ingest"])("%s names a missing FILE and reads none: exit 1", (command) => {
    const r = cli([command, "runs/run.jsonl", "runs/missing.jsonl"]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe("no such file: runs/missing.jsonl");
    expect(r.stdout).toBe("");
  });

  test("--version prints package.json's version", () => {
    expect(cli(["--version"])).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: "" });
  });

  test("--help prints the usage on stdout: exit 0", () => {
    const r = cli(["--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("loopscope ingest PATH...");
    expect(r.stdout).toContain("LOOPSCOPE_URL");
  });

  test("ingest without --url sends to LOOPSCOPE_URL: unreachable is exit 2 naming it", async () => {
    const url = `http://127.0.0.1:${await unusedPort()}`;
    const r = cli(["ingest", "runs/run.jsonl"], { LOOPSCOPE_URL: url, PORT: "1" });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`runs/run.jsonl: server unreachable at ${url}`);
  });

  test("ingest without --url or LOOPSCOPE_URL sends to localhost on PORT", async () => {
    const port = await unusedPort();
    const r = cli(["ingest", "runs/run.jsonl"], { PORT: String(port) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`server unreachable at http://localhost:${port}`);
  });

  test("--url wins over LOOPSCOPE_URL", async () => {
    const url = `http://127.0.0.1:${await unusedPort()}`;
    const r = cli(["ingest", "runs/run.jsonl", "--url", url], { LOOPSCOPE_URL: "http://127.0.0.1:1" });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`server unreachable at ${url}`);
  });
});
