// `npm run bench -- import DIR` — docs/benchmarks.md#import: a folder of
// transcripts (a Claude Code `~/.claude/projects`, say) read three ways, side
// by side in one run: a bare `JSON.parse` of its lines (read, split, parse:
// the physical limit), `loopscope analyze DIR` offline, and `loopscope ingest
// DIR` to a server on a throwaway Postgres database (the bare node:http wrapper
// around the real ingest route, as the upload benchmark uses). The two CLIs
// run as a user runs them, one process each, start-up included. Prints each
// ratio to the bare parse with the core count; asserts nothing.
import { spawn } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { collectFiles } from "@/bin/cli/collect-files";
import { figure, tempPostgres, timed, waitForPort } from "./support";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CLI = path.join(ROOT, "bin/loopscope.mjs");

function bareParse(files: string[]): { lines: number; bytes: number } {
  let lines = 0;
  let bytes = 0;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    bytes += Buffer.byteLength(text);
    for (const line of text.split("\n")) {
      if (line.trim() === "") continue;
      try {
        JSON.parse(line);
      } catch {
        // a line that is not JSON costs its try, as in the importers
      }
      lines += 1;
    }
  }
  return { lines, bytes };
}

/** A command's wall time; its output is dropped, its exit status returned. */
function runCli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ["ignore", "ignore", "ignore"] });
    child.on("close", (code) => resolve(code));
  });
}

async function ingestToServer(dir: string): Promise<{ ms: number; code: number | null }> {
  const db = await tempPostgres("import");
  const port = 40000 + Math.floor(Math.random() * 1000);
  const server = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "ingest-server.ts")], {
    env: { ...process.env, DATABASE_URL: db.url, PORT: String(port), LOOPSCOPE_AUTH: "off" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForPort(port);
    const { ms, value } = await timed(() => runCli(["ingest", dir, "--url", `http://127.0.0.1:${port}`]));
    return { ms, code: value };
  } finally {
    server.kill("SIGTERM");
    await db.close();
  }
}

export async function run(args: string[]): Promise<void> {
  const dir = args.find((a) => !a.startsWith("--"));
  if (!dir || !statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    console.error("usage: npm run bench -- import DIR (a folder of transcripts, e.g. ~/.claude/projects)");
    process.exit(1);
  }
  const { files } = collectFiles([dir]);
  const cores = availableParallelism();
  const bare = await timed(async () => bareParse(files));
  const { lines, bytes } = bare.value;
  console.log(
    `${files.length} files, ${lines.toLocaleString("en-US")} lines, ${(bytes / 1e6).toFixed(1)} MB; ${cores} cores`,
  );
  const mbps = (ms: number) => `${(bytes / 1e6 / (ms / 1000)).toFixed(1)} MB/s`;
  figure("bare JSON.parse of the lines (read, split, parse)", `${(bare.ms / 1000).toFixed(2)} s`, mbps(bare.ms));
  const offline = await timed(() => runCli(["analyze", dir]));
  figure(
    "loopscope analyze DIR (offline)",
    `${(offline.ms / 1000).toFixed(2)} s`,
    `${mbps(offline.ms)}; ratio to bare parse ${(bare.ms / offline.ms).toFixed(2)} (target ≥ 0.5); exit ${offline.value}`,
  );
  const ingest = await ingestToServer(dir);
  figure(
    "loopscope ingest DIR to a local server (Postgres)",
    `${(ingest.ms / 1000).toFixed(2)} s`,
    `${mbps(ingest.ms)}; ratio to bare parse ${(bare.ms / ingest.ms).toFixed(2)} (target ≥ 0.5); exit ${ingest.code}`,
  );
}
