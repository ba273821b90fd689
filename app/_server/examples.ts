// The example runs behind the runs page's "Load example runs" button and
// POST /api/v1/examples: every examples/*.jsonl of the repository except the
// file of deliberately bad lines, stored through the same path as an upload
// (storeUpload). Loading twice changes nothing: a file whose runs are all
// stored already is only read, never written again, and records that name no
// run join a run named after their file, so no new run id is made each time.
// The files are read from disk at run time (`npm start` runs in the
// repository), not bundled into the build.
import { createReadStream } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/db/client";
import { getRun } from "@/db/runs";
import { ApiError } from "@/lib/errors";
import { ingestItems } from "@/lib/ingest/ingest-stream";
import { maybeGunzip, readLines } from "@/lib/ingest/line-reader";
import type { ExampleFileResult, ExamplesResponse } from "@/lib/schemas/ingest-api";
import { storeUpload } from "./ingest-request";

/** Resolved from the working directory, which is the repository under `npm start`. */
export const EXAMPLES_DIR = path.join(process.cwd(), "examples");

/** Shows what a rejected line looks like on the upload page; not a run to explore. */
const NOT_LOADED = new Set(["bad-lines.jsonl"]);

/** The example files that are loaded, by name; none when the folder is missing. */
export async function listExampleFiles(dir = EXAMPLES_DIR): Promise<string[]> {
  // Read at run time on purpose: the build must not trace (or bundle) the repository for it.
  const names = await readdir(/*turbopackIgnore: true*/ dir).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith(".jsonl") && !NOT_LOADED.has(name)).sort();
}

/** Store every example run that is not stored yet; 404 when there is no example file. */
export async function loadExamples(db: Db, dir = EXAMPLES_DIR): Promise<ExamplesResponse> {
  const files = await listExampleFiles(dir);
  if (files.length === 0) throw new ApiError("not_found", "there are no example files in examples/");
  const results: ExampleFileResult[] = [];
  for (const file of files) results.push(await loadExampleFile(db, dir, file));
  return { runs: [...new Set(results.flatMap((r) => r.runs))], files: results };
}

async function loadExampleFile(db: Db, dir: string, file: string): Promise<ExampleFileResult> {
  const runId = `example-${path.basename(file, ".jsonl")}`;
  const lines = () => readLines(maybeGunzip(createReadStream(/*turbopackIgnore: true*/ path.join(dir, file))));
  // A read without writing tells which runs the file holds and whether they are all stored.
  const seen = await ingestItems(lines(), { runId, writeBatch: async () => {} });
  const stored = await Promise.all(seen.runs.map((id) => getRun(db, id)));
  if (seen.runs.length > 0 && stored.every((run) => run !== null)) return { file, status: "already_loaded", ...seen };
  const { upload_id: _uploadId, ...result } = await storeUpload(db, lines(), {
    runId,
    source: "examples",
    filename: file,
  });
  return { file, status: "loaded", ...result };
}
