// The CLI (README.md#getting-data-in): a thin shell around lib/ and the HTTP API.
//   loopscope ingest FILE... [--url URL] [--run ID]
//   loopscope analyze FILE... [--json] [--strict] [--set key=value]...
//   loopscope --version | --help
// It runs from anywhere (`npm install -g .` or `npm link` from the clone), so
// nothing here depends on the clone's directory: FILEs are relative to the
// caller's current directory, and are all checked before any is read.
// Exit codes: 0 ok; 1 some line rejected (ingest; analyze only with
// --strict), a missing file or bad usage; 2 server unreachable (ingest); 3 a
// breaker tripped (analyze; it wins over --strict's 1).
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { runAnalyze } from "./analyze-command";
import { runIngest } from "./ingest-command";

const USAGE = `usage:
  loopscope ingest FILE... [--url URL] [--run ID]              stream JSONL (or .jsonl.gz) files to a Loopscope server
  loopscope analyze FILE... [--json] [--strict] [--set k=v]... analyse JSONL files offline; exit 3 when a breaker trips
  loopscope --version | --help

FILEs are relative to the current directory. --url defaults to $LOOPSCOPE_URL, else http://localhost:$PORT (3000).
analyze reports rejected lines on stderr and analyses the rest; they change its exit code only with --strict (1),
and a tripped breaker's 3 wins over that.
exit codes: 0 ok · 1 lines rejected (ingest; analyze --strict) / missing file / bad usage · 2 server unreachable ·
3 breaker tripped (analyze)`;

const HELP_FLAGS = ["--help", "-h"];

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === "--version" || command === "-v" || command === "version") {
      console.log(packageVersion());
      return 0;
    }
    if (command === "help" || argv.some((arg) => HELP_FLAGS.includes(arg))) {
      console.log(USAGE);
      return 0;
    }
    if (command === "ingest") {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { url: { type: "string" }, run: { type: "string" } },
      });
      if (positionals.length === 0) return usage("ingest needs at least one FILE");
      if (!allFilesExist(positionals)) return 1;
      return await runIngest(positionals, { url: values.url ?? defaultUrl(env), runId: values.run });
    }
    if (command === "analyze") {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: {
          json: { type: "boolean" },
          strict: { type: "boolean" },
          set: { type: "string", multiple: true },
        },
      });
      if (positionals.length === 0) return usage("analyze needs at least one FILE");
      if (!allFilesExist(positionals)) return 1;
      return await runAnalyze(positionals, {
        json: Boolean(values.json),
        strict: Boolean(values.strict),
        set: values.set ?? [],
      });
    }
    return usage(command ? `unknown command "${command}"` : "no command");
  } catch (err) {
    return usage((err as Error).message);
  }
}

/** The server `ingest` talks to without --url: LOOPSCOPE_URL, else the local app on PORT (as `npm start` uses it). */
export function defaultUrl(env: NodeJS.ProcessEnv): string {
  return env.LOOPSCOPE_URL || `http://localhost:${env.PORT || 3000}`;
}

/**
 * Whether every file exists, after naming each one that does not. A relative
 * path is the caller's (the process's working directory, wherever the CLI is
 * installed); files are checked before any is read, so a typo does not leave
 * half of them ingested. They are printed as given.
 */
function allFilesExist(files: string[]): boolean {
  let ok = true;
  for (const file of files) {
    const stat = statSync(path.resolve(file), { throwIfNoEntry: false });
    if (!stat) console.error(`no such file: ${file}`);
    else if (!stat.isFile()) console.error(`not a file: ${file}`);
    ok &&= stat?.isFile() ?? false;
  }
  return ok;
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  return pkg.version;
}

function usage(problem: string): number {
  console.error(`loopscope: ${problem}\n${USAGE}`);
  return 1;
}
