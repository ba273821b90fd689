// The CLI (README.md#getting-data-in): a thin shell around lib/ and the HTTP API.
//   loopscope ingest PATH... [--url URL] [--run ID] [--format FORMAT] [--outcomes FILE]
//   loopscope analyze PATH... [--json] [--strict] [--set key=value]... [--format FORMAT] [--text-caps F=N,...]
//   loopscope watch PATH... [--url URL] [--run ID] [--format FORMAT] [--interval S] [--quiet-s S] [--state FILE]
//   loopscope login [--url URL] [--api-key KEY]     (the key also from stdin, or a prompt)
//   loopscope logout [--url URL] [--all]
//   loopscope guard …   (guard-main.ts, loaded alone by bin/loopscope.mjs)
//   loopscope --version | --help
// A PATH is a file (read whatever its name) or a directory, walked for the
// files the importers read (collect-files.ts); each file's format is detected
// from its content unless --format names one (docs/import.md#detection).
// It runs from anywhere (`npm install -g .` or `npm link` from the clone), so
// nothing here depends on the clone's directory: PATHs are relative to the
// caller's current directory, and are all checked before any is read.
// ingest and watch send --api-key, else $LOOPSCOPE_API_KEY, else the key
// `login` stored for their URL (credentials.ts, docs/accounts.md#the-cli-signs-in-once).
// Exit codes: 0 ok; 1 some line rejected (ingest; analyze only with
// --strict), a missing file, a directory with nothing to read, bad usage or
// a refused API key (ingest, login), a corrupt credentials file;
// 2 server unreachable (ingest, login); 3 a breaker tripped (analyze; it wins over
// --strict's 1). watch runs until SIGINT or SIGTERM, then exits 0.
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { parseTextCaps } from "@/lib/import/text-caps";
import { IMPORT_FORMATS, type ImportFormat } from "@/lib/import/types";
import { runAnalyze } from "./analyze-command";
import { collectFiles } from "./collect-files";
import { CredentialsFileError, credentialsPath, defaultUrl, resolveApiKey } from "./credentials";
import { runIngest } from "./ingest-command";
import { runLogin, runLogout } from "./login-command";
import { runWatch } from "./watch-command";
import { defaultStateFile } from "./watch-state";

const USAGE = `usage:
  loopscope ingest PATH... [--url URL] [--run ID] [--format F] [--api-key KEY] [--outcomes FILE]
                                                                  stream files to a Loopscope server
  loopscope analyze PATH... [--json] [--strict] [--set k=v]... [--format F] [--text-caps F=N,…]
                                                                  analyse files offline; exit 3 when a breaker trips
  loopscope watch DIR... [--url URL] [--run ID] [--format F] [--interval S] [--quiet-s S] [--state FILE] [--api-key KEY]
                                                                  follow a live loop: send files as they grow
  loopscope login [--url URL] [--api-key KEY]                     check an API key and keep it for that server
  loopscope logout [--url URL] [--all]                            forget that server's key (--all: every key)
  loopscope guard [check | install] …                             the live guard (loopscope guard --help, docs/guard.md)
  loopscope --version | --help

A PATH is a file, or a directory walked for *.jsonl, *.ndjson, *.json, *.traj, *.md (and their .gz), skipping dot-directories
and node_modules. Each file's format is detected from its content (Loopscope JSONL, Claude Code and Codex sessions,
OTLP JSON, Jaeger, Langfuse, …); --format forces one of: ${IMPORT_FORMATS.join(", ")}.
PATHs are relative to the current directory. --url defaults to $LOOPSCOPE_URL, else http://localhost:$PORT (3000).
ingest --outcomes FILE sets the stored runs' outcomes from a grader's file: a JSON list of {run | file | label fields,
success}, or a SWE-bench report.json ({instance_id: {resolved}}); FILE itself is not uploaded.
ingest and watch send --api-key, else $LOOPSCOPE_API_KEY, else the key login stored for their URL, as
"Authorization: Bearer"; an admin creates keys on the server's /admin. login takes the key from --api-key, else the
first line of stdin, else a prompt that does not echo; it checks the key with GET /api/v1/runs?limit=1 and keeps it
only if the server knows it (a 403, a key without the read scope such as an ingest key, is kept with a note), in
$XDG_CONFIG_HOME/loopscope/credentials.json (else ~/.config/…, %APPDATA% on Windows; mode 0600).
ingest stops at the first file the server refuses for its key (401, 403), says so once with where the key came from,
and exits 1; watch says it once and retries at every poll.
analyze reports rejected lines on stderr and analyses the rest; they change its exit code only with --strict (1),
and a tripped breaker's 3 wins over that. analyze --text-caps (default $LOOPSCOPE_TEXT_CAPS) sets how much text the
records keep, e.g. prompt=8000,tool_output=1500 (docs/import.md#text-caps); ingest and watch use the server's caps.
watch polls the DIRs every --interval seconds (2) and sends each new or changed file once it has been unchanged for
--quiet-s seconds (3), marked live (a tool call still waiting for its result is not stored as failed). It sends the
whole file each time — importers pair lines across the file, and ids are stable, so what is stored adds nothing — and
keeps each file's size and mtime at its last send in --state (DIR/.loopscope-watch.json), so a restart sends only what
changed. An unreachable server is reported once and retried. It runs until Ctrl-C (SIGINT) or SIGTERM: exit 0.
exit codes: 0 ok · 1 lines rejected (ingest; analyze --strict) / missing file / empty directory / bad usage / key refused
(ingest, login) / a corrupt credentials file · 2 server unreachable (ingest, login) · 3 breaker tripped (analyze)`;

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
        options: {
          url: { type: "string" },
          run: { type: "string" },
          format: { type: "string" },
          "api-key": { type: "string" },
          outcomes: { type: "string" },
        },
      });
      if (positionals.length === 0) return usage("ingest needs at least one PATH");
      const format = parseFormat(values.format);
      const files = existingFiles(positionals);
      if (!files) return 1;
      const url = values.url ?? defaultUrl(env);
      const { apiKey, source: apiKeySource } = resolveApiKey(values["api-key"], url, env);
      return await runIngest(files, {
        url,
        runId: values.run,
        format,
        apiKey,
        apiKeySource,
        outcomesFile: values.outcomes,
      });
    }
    if (command === "watch") return await watch(rest, env);
    if (command === "login") {
      const { values } = parseArgs({ args: rest, options: { url: { type: "string" }, "api-key": { type: "string" } } });
      const url = values.url ?? defaultUrl(env);
      return await runLogin({ url, apiKey: values["api-key"], file: credentialsPath(env), env });
    }
    if (command === "logout") {
      const { values } = parseArgs({ args: rest, options: { url: { type: "string" }, all: { type: "boolean" } } });
      return runLogout({ url: values.url ?? defaultUrl(env), file: credentialsPath(env), all: Boolean(values.all) });
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
          "text-caps": { type: "string" },
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
        textCaps: parseTextCaps(values["text-caps"] ?? env.LOOPSCOPE_TEXT_CAPS),
      });
    }
    return usage(command ? `unknown command "${command}"` : "no command");
  } catch (err) {
    if (!(err instanceof CredentialsFileError)) return usage((err as Error).message);
    console.error(`loopscope: ${err.message}`);
    return 1;
  }
}

/** `loopscope watch`: its options checked, then polling until SIGINT or SIGTERM (a second one ends it at once). */
async function watch(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      url: { type: "string" },
      run: { type: "string" },
      format: { type: "string" },
      interval: { type: "string" },
      "quiet-s": { type: "string" },
      state: { type: "string" },
      "api-key": { type: "string" },
    },
  });
  if (positionals.length === 0) return usage("watch needs at least one DIR");
  const format = parseFormat(values.format);
  const intervalS = parseSeconds("--interval", values.interval, 2, false);
  const quietS = parseSeconds("--quiet-s", values["quiet-s"], 3, true);
  const missing = positionals.filter((p) => !existsSync(p));
  for (const p of missing) console.error(`no such file or directory: ${p}`);
  if (missing.length > 0) return 1;
  const stateFile = values.state ?? defaultStateFile(positionals[0] as string);
  const url = values.url ?? defaultUrl(env);
  const { apiKey, source: apiKeySource } = resolveApiKey(values["api-key"], url, env);
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    return await runWatch(
      positionals,
      {
        url,
        apiKey,
        apiKeySource,
        runId: values.run,
        format,
        intervalMs: intervalS * 1000,
        quietMs: quietS * 1000,
        stateFile,
      },
      controller.signal,
    );
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  }
}

/** A number of seconds given as an option (thrown as a usage error when it is not one). */
export function parseSeconds(flag: string, value: string | undefined, fallback: number, zeroOk: boolean): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < 0 || (n === 0 && !zeroOk))
    throw new Error(`${flag} must be a number of seconds${zeroOk ? "" : " above 0"}; got "${value}"`);
  return n;
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
