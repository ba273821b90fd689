// The example runs behind the runs page's "Load example runs" button and
// POST /api/v1/examples: every examples/*.jsonl of the repository except the
// file of deliberately bad lines, stored through the same path as an upload
// (storeUpload). Loading twice changes nothing: a file whose runs are all
// stored already is only read, never written again, and records that name no
// run join a run named after their file, so no new run id is made each time.
// The files are read from disk at run time (`npm start` runs in the
// repository), not bundled into the build.
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/db/client";
import { getRun } from "@/db/runs";
import { ApiError } from "@/lib/errors";
import { ingestItems, type IngestResult } from "@/lib/ingest/ingest-stream";
import { openImport } from "@/lib/import/open-import";
import type { ExampleFileResult, ExamplesResponse } from "@/lib/schemas/ingest-api";
import { storeUpload } from "./ingest-request";

/** Resolved from the working directory, which is the repository under `npm start`. */
export const EXAMPLES_DIR = path.join(process.cwd(), "examples");

/** Shows what a rejected line looks like on the upload page; not a run to explore. */
const NOT_LOADED = new Set(["bad-lines.jsonl"]);
/** Folders of agent transcripts: each folder is one run, its files joining it (a loop script's sessions). */
const RUN_FOLDERS = ["claude-code", "claude-code-conversation", "loop-script", "loop-script-stuck"];
/** Folders of agent runs whose files name their own runs (a trajectory's instance, a tau-bench task): one run each. */
const OWN_RUN_FOLDERS = ["mini-swe-agent", "swe-agent", "openai-chat", "gemini-cli"];
const RUN_FILE_RE = /\.(jsonl|json|traj)$/;

/** The example files that are loaded, by path inside the folder; none when the folder is missing. */
export async function listExampleFiles(dir = EXAMPLES_DIR): Promise<string[]> {
  // Read at run time on purpose: the build must not trace (or bundle) the repository for it.
  const list = (sub: string) => readdir(/*turbopackIgnore: true*/ path.join(dir, sub)).catch(() => [] as string[]);
  const top = (await list("")).filter((name) => name.endsWith(".jsonl") && !NOT_LOADED.has(name));
  const nested = await Promise.all(
    [...RUN_FOLDERS, ...OWN_RUN_FOLDERS].map(async (folder) =>
      (await list(folder)).filter((name) => RUN_FILE_RE.test(name)).map((name) => `${folder}/${name}`),
    ),
  );
  return [...top.sort(), ...nested.flatMap((names) => names.sort())];
}

/** The run of an example file's records that name none: its folder's, else its own name's; null: the file names its runs. */
export function exampleRunId(file: string): string | null {
  const folder = path.dirname(file);
  if (OWN_RUN_FOLDERS.includes(folder)) return null;
  return `example-${folder === "." ? path.basename(file, ".jsonl") : folder}`;
}

/** Store every example run that is not stored yet; 404 when there is no example file. */
export async function loadExamples(db: Db, dir = EXAMPLES_DIR): Promise<ExamplesResponse> {
  const files = await listExampleFiles(dir);
  if (files.length === 0) throw new ApiError("not_found", "there are no example files in examples/");
  // Which files are stored already is decided before any is written: a folder's files share a run.
  const seen = await Promise.all(files.map((file) => readExampleFile(db, dir, file)));
  const results: ExampleFileResult[] = [];
  for (const [i, file] of files.entries()) {
    const s = seen[i] as SeenFile;
    if (s.stored) results.push({ file, status: "already_loaded", ...s.result, stored: 0 });
    else {
      const {
        upload_id: _uploadId,
        format: _format,
        ...result
      } = await storeUpload(db, await s.open(), {
        runId: exampleRunId(file),
        source: "examples",
        filename: path.basename(file),
      });
      results.push({ file, status: "loaded", ...result });
    }
  }
  return { runs: [...new Set(results.flatMap((r) => r.runs))], files: results };
}

type SeenFile = { stored: boolean; result: IngestResult; open: () => ReturnType<typeof openImport> };

/** A read without writing tells which runs the file holds and whether they are all stored. */
async function readExampleFile(db: Db, dir: string, file: string): Promise<SeenFile> {
  const runId = exampleRunId(file);
  const full = path.join(dir, file);
  const endedAtUs = Math.round((await stat(/*turbopackIgnore: true*/ full)).mtimeMs * 1000);
  const ctx = { runId, endedAtUs, fileName: path.basename(file), live: false };
  const open = () => openImport(createReadStream(/*turbopackIgnore: true*/ full), ctx);
  const result = await ingestItems((await open()).items, { runId, writeBatch: async () => {} });
  const stored = await Promise.all(result.runs.map((id) => getRun(db, id)));
  return { stored: result.runs.length > 0 && stored.every((run) => run !== null), result, open };
}
