// `loopscope watch`: follow a live agent loop (docs/import.md#watching-a-live-session).
// Every interval it lists the PATHs' importable files (collect-files.ts) and
// stats them — plain polling, since file events are unreliable on network and
// overlay filesystems — and sends each new or changed file that has been
// quiet long enough (watch-plan.ts) with the request `ingest` makes
// (ingest-command.ts), plus `live=1`. The whole file goes every time:
// importers pair lines across the file (a tool call with its result), and
// records have stable ids, so what is stored already adds nothing. After each
// answered send the file's size and mtime go to the state file
// (watch-state.ts). An unreachable server is said once and tried again at the
// next poll; a 5xx answer is retried too. A refused key (401, 403) is said
// once too, not once per file: nothing is marked sent, and each poll tries
// one file until the server takes the key. It runs until the signal aborts.
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import type { ImportFormat } from "@/lib/import/types";
import { formatTimeUs } from "@/lib/time";
import { collectFiles, modifiedAtUs } from "./collect-files";
import type { ApiKeySource } from "./credentials";
import {
  authRefusalMessage,
  isAuthRefusal,
  printOutcome,
  sendFile,
  unreachableMessage,
  type Outcome,
} from "./ingest-command";
import { filesToSend, markOf, type FileStat, type WatchMemory } from "./watch-plan";
import { readWatchState, writeWatchState } from "./watch-state";

export type WatchOptions = {
  url: string;
  apiKey?: string;
  /** Where `apiKey` came from (credentials.ts resolveApiKey), for the message when it is refused. */
  apiKeySource?: ApiKeySource;
  runId?: string;
  format?: ImportFormat;
  /** How long a changed file must stay unchanged before it is sent. */
  quietMs: number;
  stateFile: string;
};

export type Watcher = {
  /** One poll: list, stat, send what is due. `nowMs` is this machine's clock. */
  poll(nowMs?: number): Promise<void>;
};

/** The watcher of these PATHs, its memory read from the state file. */
export function createWatcher(paths: readonly string[], opts: WatchOptions, signal?: AbortSignal): Watcher {
  const stored = readWatchState(opts.stateFile);
  if (stored.warning) console.error(`loopscope: ${stored.warning}`);
  const memory: WatchMemory = { sent: stored.sent, seen: {} };
  const stateFile = path.resolve(opts.stateFile);
  let unreachable = false;
  let refused = false;

  function remember(stat: FileStat) {
    memory.sent[stat.file] = markOf(stat);
    writeWatchState(stateFile, memory.sent);
  }

  /** Send one file; false when the server could not be reached or refused the key (the rest waits for the next poll). */
  async function send(stat: FileStat): Promise<boolean> {
    const shown = path.relative(process.cwd(), stat.file) || stat.file;
    const { url, runId, format, apiKey } = opts;
    let outcome: Outcome;
    try {
      const endedAt = formatTimeUs(modifiedAtUs(stat.file));
      outcome = await sendFile(stat.file, { url, runId, format, apiKey, endedAt, live: true });
    } catch (err) {
      const unreadable = readProblem(stat.file);
      if (unreadable === "gone") return true;
      if (unreadable !== null) {
        console.error(`${shown}: ${unreadable}`);
        remember(stat); // tried again once it changes
        return true;
      }
      if (!unreachable) console.error(`loopscope: ${unreachableMessage(url, err)}; retrying at every poll`);
      unreachable = true;
      return false;
    }
    if (unreachable) console.error(`loopscope: the server at ${url} answers again`);
    unreachable = false;
    if (isAuthRefusal(outcome)) {
      if (!refused)
        console.error(
          authRefusalMessage(outcome, opts, "Nothing is sent while it is refused; trying again at every poll."),
        );
      refused = true;
      return false;
    }
    if (refused) console.error(`loopscope: the server at ${url} takes the API key again`);
    refused = false;
    printOutcome({ ...outcome, file: shown });
    // A server error (a database down) may pass: send it again. Any other answer is the file's.
    if (outcome.status < 500) remember(stat);
    return true;
  }

  return {
    async poll(nowMs = Date.now()) {
      const stats = statFiles(collectFiles(paths).files.filter((f) => path.resolve(f) !== stateFile));
      const { send: due, seen } = filesToSend(memory, stats, nowMs, opts.quietMs);
      memory.seen = seen;
      for (const stat of due) {
        if (signal?.aborted || !(await send(stat))) break;
      }
    },
  };
}

/** Poll every `intervalMs` until the signal aborts (SIGINT, SIGTERM): exit code 0. */
export async function runWatch(
  paths: readonly string[],
  opts: WatchOptions & { intervalMs: number },
  signal: AbortSignal,
): Promise<number> {
  const watcher = createWatcher(paths, opts, signal);
  console.error(
    `loopscope: watching ${paths.join(", ")} every ${opts.intervalMs / 1000} s → ${opts.url} (state: ${opts.stateFile}; Ctrl-C stops)`,
  );
  let lastProblem: string | null = null;
  while (!signal.aborted) {
    try {
      await watcher.poll();
      lastProblem = null;
    } catch (err) {
      // A folder that vanished or cannot be listed mid-walk: said once, and tried again.
      const problem = (err as Error).message;
      if (problem !== lastProblem) console.error(`loopscope: ${problem}`);
      lastProblem = problem;
    }
    await delay(opts.intervalMs, undefined, { signal }).catch(() => {});
  }
  return 0;
}

/** Why a file that failed to send cannot be read, "gone" when it vanished, null when it reads fine. */
function readProblem(file: string): string | null {
  if (!statSync(file, { throwIfNoEntry: false })) return "gone";
  try {
    accessSync(file, constants.R_OK);
    return null;
  } catch {
    return "cannot read the file";
  }
}

/** Each listed file's absolute path, size and mtime; a file gone since it was listed is left out. */
function statFiles(files: string[]): FileStat[] {
  const out: FileStat[] = [];
  for (const file of files) {
    const full = path.resolve(file);
    const stat = statSync(full, { throwIfNoEntry: false });
    if (stat?.isFile()) out.push({ file: full, size: stat.size, mtimeMs: stat.mtimeMs });
  }
  return out;
}
