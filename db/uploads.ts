// The upload log: what each ingest request brought and what it rejected.
import { and, desc, inArray, isNull } from "drizzle-orm";
import type { RunShape } from "@/lib/schemas/run-outcome";
import type { Db } from "./client";
import { runs, uploads } from "./schema";

export async function recordUpload(
  db: Db,
  u: {
    uploadId: string;
    source: string;
    filename: string | null;
    accepted: number;
    rejected: number;
    runs: string[];
    errors: { line: number; message: string }[];
  },
): Promise<void> {
  await db.insert(uploads).values({
    uploadId: u.uploadId,
    source: u.source,
    filename: u.filename,
    accepted: u.accepted,
    rejected: u.rejected,
    runIds: u.runs,
    errors: u.errors,
  });
}

export async function listUploads(db: Db, limit = 20) {
  return db.select().from(uploads).orderBy(desc(uploads.createdAt)).limit(limit);
}

/** Runs an upload created without a name are named after the uploaded file. */
export async function nameUnnamedRuns(db: Db, runIds: string[], name: string): Promise<void> {
  if (runIds.length === 0) return;
  await db
    .update(runs)
    .set({ name })
    .where(and(inArray(runs.runId, runIds), isNull(runs.name)));
}

/** `?shape=` of an upload: every run it touched takes that shape (docs/import.md#shapes-and-outcomes). */
export async function setRunShapes(db: Db, runIds: string[], shape: RunShape): Promise<void> {
  if (runIds.length === 0) return;
  await db.update(runs).set({ shape }).where(inArray(runs.runId, runIds));
}
