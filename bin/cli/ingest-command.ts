// `loopscope ingest`: stream each file to POST /api/v1/ingest (never read
// whole) with a progress bar of bytes sent, then a summary per file naming
// the format the server read it as (docs/import.md#detection). Each file is
// sent with its name and its modification time (`ended_at`: where a log
// without times ends, docs/import.md#times), and `--format` when given.
// `loopscope watch` sends its files with the same request (sendFile). A
// refused key (401, 403) stops the upload at that file: the next files would
// be refused alike, so it is said once, with where the key came from and what
// to do: `loopscope login`, or the flag or variable that won over it
// (docs/accounts.md#the-cli-signs-in-once).
import { createReadStream, statSync } from "node:fs";
import { basename } from "node:path";
import { Readable } from "node:stream";
import cliProgress from "cli-progress";
import type { ImportFormat } from "@/lib/import/types";
import type { IngestResponse } from "@/lib/schemas/ingest-api";
import type { ErrorBody } from "@/lib/errors";
import { formatCount } from "@/lib/format";
import { plural, pluralWord } from "@/lib/plural";
import { formatTimeUs } from "@/lib/time";
import { modifiedAtUs } from "./collect-files";
import { looksLikeOutcomesFile, readOutcomesFile, sendOutcomes, withoutFile } from "./outcomes-command";
import { skippedKinds } from "./analyze-command";
import { describeApiKeySource, type ApiKeySource } from "./credentials";

export type IngestOptions = {
  url: string;
  runId?: string;
  format?: ImportFormat;
  live?: boolean;
  /** Sent as `Authorization: Bearer` (docs/accounts.md#api-keys). */
  apiKey?: string;
  /** Where `apiKey` came from (credentials.ts resolveApiKey), for the message when it is refused. */
  apiKeySource?: ApiKeySource;
  /** A grader's outcomes file (outcomes-command.ts): sent as the runs' outcomes once the files are stored. */
  outcomesFile?: string;
};

/** What the server answered for one file (`status` 0: the file could not be read). */
export type Outcome =
  | { file: string; ok: true; status: number; body: IngestResponse }
  | { file: string; ok: false; status: number; message: string; body?: Partial<IngestResponse> };

export async function runIngest(files: string[], opts: IngestOptions): Promise<number> {
  const outcomes: Outcome[] = [];
  const graded = opts.outcomesFile ? readOutcomesFile(opts.outcomesFile) : null;
  if (typeof graded === "string") {
    console.error(`--outcomes ${graded}`);
    return 1;
  }
  let unreachable = false;
  let refused: string | null = null;
  const toSend = withoutFile(files, opts.outcomesFile);
  for (const [i, file] of toSend.entries()) {
    let size: number;
    let endedAt: string;
    try {
      size = statSync(file).size;
      endedAt = formatTimeUs(modifiedAtUs(file));
    } catch {
      outcomes.push({ file, ok: false, status: 0, message: "cannot read the file" });
      continue;
    }
    if (looksLikeOutcomesFile(file)) {
      console.log(`${file}: an outcomes file, not runs — not uploaded (pass it with --outcomes)`);
      continue;
    }
    // One bar per file, one file at a time (a MultiBar re-renders a phantom bar on stop).
    const bar = new cliProgress.SingleBar(
      { format: " {bar} {percentage}% | {file} | {value}/{total} bytes", hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    bar.start(size, 0, { file: basename(file) });
    try {
      const outcome = await sendFile(file, { ...opts, endedAt }, (sent) => bar.update(sent));
      if (isAuthRefusal(outcome)) {
        refused = authRefusalMessage(outcome, opts, notSentMessage(toSend.length - i));
        break;
      }
      outcomes.push(outcome);
    } catch (err) {
      unreachable = true;
      outcomes.push({ file, ok: false, status: 0, message: unreachableMessage(opts.url, err) });
      break;
    } finally {
      bar.stop();
    }
  }
  let rejected = false;
  for (const o of outcomes) if (printOutcome(o)) rejected = true;
  if (unreachable) return 2;
  if (refused !== null) {
    console.error(refused);
    return 1;
  }
  if (graded && opts.outcomesFile && !(await sendOutcomes(graded, outcomes, opts.outcomesFile, opts))) rejected = true;
  return rejected ? 1 : 0;
}

/** Print a file's summary line and rejected lines (stdout), or why it failed (stderr); true when anything was rejected. */
export function printOutcome(o: Outcome): boolean {
  let rejected = false;
  const b = o.body;
  if (b) {
    console.log(summaryLine(o.file, b));
    for (const e of b.errors ?? []) console.log(`  line ${e.line}: ${e.message}`);
    if ((b.errors_total ?? 0) > (b.errors?.length ?? 0))
      console.log(`  … ${(b.errors_total ?? 0) - (b.errors?.length ?? 0)} more`);
    if ((b.rejected ?? 0) > 0) rejected = true;
  }
  if (!o.ok) {
    console.error(`${o.file}: ${o.message}`);
    rejected = true;
  }
  return rejected;
}

/** `runs/a.jsonl (claude-code): 120 accepted, 0 rejected, 14 skipped → run cc-abc` (no format when the server named none). */
export function summaryLine(file: string, b: Partial<IngestResponse>): string {
  const format = b.format ? ` (${b.format})` : "";
  const kinds = b.skipped_by_type ? skippedKinds(b.skipped_by_type) : "";
  const counts = `${formatCount(b.accepted ?? 0)} accepted, ${formatCount(b.rejected ?? 0)} rejected, ${formatCount(b.skipped ?? 0)} skipped${kinds}`;
  const runs = b.runs ?? [];
  return `${file}${format}: ${counts} → ${runs.length ? `${pluralWord(runs.length, "run")} ${runs.join(", ")}` : "no run"}`;
}

/** Whether the server refused the request's credentials (no key, an unknown or revoked one, one without the scope). */
export function isAuthRefusal(o: Outcome): boolean {
  return !o.ok && (o.status === 401 || o.status === 403);
}

/**
 * The one message for a refused key: the server's reason, where the key came
 * from (--api-key, LOOPSCOPE_API_KEY, or stored by `loopscope login`), what
 * to do about it — the fix for a key from the flag or the environment is
 * there, since either wins over a stored one — and where an admin makes a
 * key. `then` says what the command does next.
 */
export function authRefusalMessage(
  o: Outcome,
  opts: { url: string; apiKey?: string; apiKeySource?: ApiKeySource },
  then: string,
): string {
  const why = o.ok ? String(o.status) : `${o.status}: ${o.message}`;
  const from = opts.apiKey && opts.apiKeySource ? ` ${describeApiKeySource(opts.apiKeySource, opts.url)}` : "";
  const what =
    o.status === 403
      ? `the server at ${opts.url} refused the API key${from} for uploads (${why})`
      : opts.apiKey
        ? `the server at ${opts.url} refused the API key${from} (${why})`
        : `the server at ${opts.url} needs an API key (${o.status}), and none was sent`;
  const login = `\`loopscope login --url ${opts.url}\``;
  const fix =
    opts.apiKey && opts.apiKeySource === "env"
      ? `Set LOOPSCOPE_API_KEY to a key with the ingest scope, or unset it and run ${login}`
      : opts.apiKey && opts.apiKeySource === "flag"
        ? `Pass --api-key a key with the ingest scope, or leave it out and run ${login}`
        : `Run ${login} with a key that has the ingest scope (or set LOOPSCOPE_API_KEY, or pass --api-key)`;
  const admin = new URL("/admin", opts.url).href;
  return `loopscope: ${what}. ${fix}; an admin creates one on ${admin}. ${then}`;
}

/** What `ingest` says after a refusal: the files it did not send, the refused one included. */
export function notSentMessage(notSent: number): string {
  return `Stopped: ${plural(notSent, "file")} not sent.`;
}

/** `server unreachable at URL: <why>`, for a request that got no answer. */
export function unreachableMessage(url: string, err: unknown): string {
  return `server unreachable at ${url}: ${(err as Error).cause ?? (err as Error).message}`;
}

/** The ingest URL for one file: the server's /api/v1/ingest with the run, the forced format, the file's end, live. */
export function buildIngestUrl(
  base: string,
  { runId, format, endedAt, live }: { runId?: string; format?: ImportFormat; endedAt?: string; live?: boolean },
): URL {
  const url = new URL("/api/v1/ingest", base);
  if (runId) url.searchParams.set("run_id", runId);
  if (format) url.searchParams.set("format", format);
  if (endedAt) url.searchParams.set("ended_at", endedAt);
  if (live) url.searchParams.set("live", "1");
  return url;
}

/** `application/json` for a `.json` or `.traj` (or gzipped) file, JSONL for every other: the server detects the format either way. */
export function contentTypeFor(file: string): string {
  return /\.(json|traj)(\.gz)?$/i.test(file) ? "application/json" : "application/x-ndjson";
}

/**
 * POST one file, streamed, with its name; the answer, or a throw when the
 * server could not be reached.
 */
export async function sendFile(
  file: string,
  opts: IngestOptions & { endedAt: string },
  progress: (sent: number) => void = () => {},
): Promise<Outcome> {
  let sent = 0;
  const stream = createReadStream(file);
  stream.on("data", (chunk) => {
    sent += chunk.length;
    progress(sent);
  });
  const res = await fetch(buildIngestUrl(opts.url, opts), {
    method: "POST",
    headers: {
      "Content-Type": contentTypeFor(file),
      "X-Loopscope-Filename": encodeURIComponent(basename(file)),
      ...(opts.apiKey && { Authorization: `Bearer ${opts.apiKey}` }),
    },
    body: Readable.toWeb(stream) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as RequestInit);
  const body = (await res.json().catch(() => null)) as IngestResponse | ErrorBody | null;
  if (res.ok && body && !("error" in body)) return { file, ok: true, status: res.status, body };
  const error = body && "error" in body ? body.error : { message: `HTTP ${res.status}`, details: undefined };
  const details = error.details as Partial<IngestResponse> | undefined;
  return { file, ok: false, status: res.status, message: error.message, body: details };
}
