// The CLI (README.md#getting-data-in): a thin shell around lib/ and the HTTP API.
//   loopscope ingest PATH... [--url URL] [--run ID] [--format FORMAT]
//   loopscope analyze PATH... [--json] [--strict] [--set key=value]... [--format FORMAT]
//   loopscope --version | --help
// A PATH is a file (read whatever its name) or a directory, walked for the
// files the importers read (collect-files.ts); each file's format is detected
// from its content unless --format names one (docs/import.md#detection).
// It runs from anywhere (`npm install -g .` or `npm link` from the clone), so
// nothing here depends on the clone's directory: PATHs are relative to the
// caller's current directory, and are all checked before any is read.
// Exit codes: 0 ok; 1 some line rejected (ingest; analyze only with
// --strict), a missing file, a directory with nothing to read or bad usage;
// 2 server unreachable (ingest); 3 a breaker tripped (analyze; it wins over
// --strict's 1).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { IMPORT_FORMATS, type ImportFormat } from "@/lib/import/types";
import { runAnalyze } from "./analyze-command";
import { collectFiles } from "./collect-files";
import { runIngest } from "./ingest-command";

const USAGE = `usage:
  loopscope ingest PATH... [--url URL] [--run ID] [--format F]    stream files to a Loopscope server
  loopscope analyze PATH... [--json] [--strict] [--set k=v]... [--format F]
                                                                  analyse files offline; exit 3 when a breaker trips
  loopscope --version | --help

A PATH is a file, or a directory walked for *.jsonl, *.ndjson, *.json, *.md (and their .gz), skipping dot-directories
and node_modules. Each file's format is detected from its content (Loopscope JSONL, Claude Code and Codex sessions,
OTLP JSON, Jaeger, Langfuse, …); --format forces one of: ${IMPORT_FORMATS.join(", ")}.
PATHs are relative to the current directory. --url defaults to $LOOPSCOPE_URL, else http://localhost:$PORT (3000).
analyze reports rejected lines on stderr and analyses the rest; they change its exit code only with --strict (1),
and a tripped breaker's 3 wins over that.
exit codes: 0 ok · 1 lines rejected (ingest; analyze --strict) / missing file / empty directory / bad usage ·
2 server unreachable · 3 breaker tripped (analyze)`;

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
        options: { url: { type: "string" }, run: { type: "string" }, format: { type: "string" } },
      });
      if (positionals.length === 0) return usage("ingest needs at least one PATH");
      const format = parseFormat(values.format);
      const files = existingFiles(positionals);
      if (!files) return 1;
      return await runIngest(files, { url: values.url ?? defaultUrl(env), runId: values.run, format });
    }
    if (command === "analyze") {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: {
          json: { type: "boolean" },
          strict: { type: "boolean" },
          set: { type: "string", multiple: true },
          format: { type: "string" },
        },
      });
      if (positionals.length === 0) return usage("analyze needs at least one PATH");
      const format = parseFormat(values.format);
      const files = existingFiles(positionals);
      if (!files) return 1;
      return await runAnalyze(files, {
        json: Boolean(values.json),
        strict: Boolean(values.strict),
        set: values.set ?? [],
        format,
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

/** `--format`: one of the formats the importers read (thrown as a usage error otherwise). */
export function parseFormat(value: string | undefined): ImportFormat | undefined {
  if (value === undefined) return undefined;
  const format = IMPORT_FORMATS.find((f) => f === value);
  if (!format) throw new Error(`--format must be one of ${IMPORT_FORMATS.join(", ")}; got "${value}"`);
  return format;
}

/**
 * The files the PATHs name, or null after naming each PATH that is missing or
 * a directory with nothing to read. A relative path is the caller's (the
 * process's working directory, wherever the CLI is installed); every PATH is
 * checked before any file is read. Paths are printed as given.
 */
function existingFiles(paths: string[]): string[] | null {
  const { files, problems } = collectFiles(paths);
  for (const problem of problems) console.error(problem);
  return problems.length === 0 ? files : null;
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  return pkg.version;
}

function usage(problem: string): number {
  console.error(`loopscope: ${problem}\n${USAGE}`);
  return 1;
}
