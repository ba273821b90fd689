// docs/dashboard.md#upload — what the upload page sends for one file: each
// file is its own POST /api/v1/ingest (docs/api.md#ingest) naming the file,
// when it was last written (where a log without times ends,
// docs/import.md#times), and, when the user asked for them, one run for every
// file of the upload and a forced format. Also which file names a dropped
// folder contributes. Pure: the clock and the file's metadata are arguments.
// O(length of the name).
import type { ImportFormat } from "./import/types";

/** The extensions a foreign log or a Loopscope file is written with; each may also be gzipped. */
export const IMPORT_EXTENSIONS = [".jsonl", ".json", ".md", ".ndjson", ".traj"] as const;

/** The file input's `accept`: every extension plain and gzipped (and any `.gz`: browsers match the last dot). */
export const UPLOAD_ACCEPT = [...IMPORT_EXTENSIONS, ...IMPORT_EXTENSIONS.map((e) => `${e}.gz`), ".gz"].join(",");

/** Whether a file found in a dropped folder is one to upload: an import extension, plain or `.gz`. */
export function isImportFileName(name: string): boolean {
  const lower = name.toLowerCase().replace(/\.gz$/, "");
  return IMPORT_EXTENSIONS.some((ext) => lower.endsWith(ext) && lower.length > ext.length);
}

export type UploadChoices = {
  /** One run for every file of the upload (`run_id`); null: each file's own runs. */
  runId: string | null;
  /** The format to read every file as (`format`); null: detected per file. */
  format: ImportFormat | null;
};

export type FileFacts = { name: string; lastModified: number };

export type UploadRequest = { url: string; headers: Record<string, string> };

/** The modification time as ISO-8601, or null when the browser gave none (0 or not a time). */
export function fileEndedAt(lastModifiedMs: number): string | null {
  if (!Number.isFinite(lastModifiedMs) || lastModifiedMs <= 0) return null;
  const date = new Date(lastModifiedMs);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The URL and headers of one file's ingest request; the body is the file itself. */
export function prepareUploadRequest(file: FileFacts, choices: UploadChoices): UploadRequest {
  const params = new URLSearchParams();
  const runId = choices.runId?.trim();
  if (runId) params.set("run_id", runId);
  if (choices.format) params.set("format", choices.format);
  const endedAt = fileEndedAt(file.lastModified);
  if (endedAt) params.set("ended_at", endedAt);
  const query = params.toString();
  return {
    url: `/api/v1/ingest${query ? `?${query}` : ""}`,
    headers: { "Content-Type": "application/x-ndjson", "X-Loopscope-Filename": encodeURIComponent(file.name) },
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A run id for "One run": `loop-20260304-1020` from the time (UTC) the user turned it on. */
export function suggestRunId(now: Date): string {
  const day = `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}`;
  return `loop-${day}-${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}`;
}
