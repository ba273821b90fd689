// The analysis report cached per run and settings hash, valid while the run's
// data_version is the one the report saw (every ingest write bumps it).
// Also stores the runs page's verdict badges from the default-settings report.
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { ANALYSIS_VERSION } from "@/lib/analysis/version";
import { runNotFound } from "@/lib/errors";
import type { RunVerdict } from "@/lib/schemas/api";
import type { Db } from "./client";
import { isForeignKeyViolation } from "./pg-errors";
import { analysisCache, runs } from "./schema";

/** The cache key of a report: its settings and the version of the rules that computed it. */
export function hashSettings(settings: unknown): string {
  return createHash("sha1")
    .update(JSON.stringify([ANALYSIS_VERSION, settings]))
    .digest("hex");
}

export async function getCachedReport(db: Db, runId: string, settingsHash: string, dataVersion: number) {
  const [row] = await db
    .select({ report: analysisCache.report })
    .from(analysisCache)
    .where(
      and(
        eq(analysisCache.runId, runId),
        eq(analysisCache.settingsHash, settingsHash),
        eq(analysisCache.dataVersion, dataVersion),
      ),
    );
  return row?.report ?? null;
}

export async function putCachedReport(
  db: Db,
  runId: string,
  settingsHash: string,
  dataVersion: number,
  report: object,
) {
  const value = report as Record<string, unknown>;
  try {
    await db
      .insert(analysisCache)
      .values({ runId, settingsHash, dataVersion, report: value })
      .onConflictDoUpdate({
        target: [analysisCache.runId, analysisCache.settingsHash],
        set: { dataVersion, report: value, createdAt: sql`now()` },
      });
  } catch (err) {
    // The run was deleted while it was analysed (the foreign key refuses its cache row).
    throw isForeignKeyViolation(err) ? runNotFound(runId) : err;
  }
}

export async function saveVerdict(db: Db, runId: string, dataVersion: number, verdict: RunVerdict) {
  await db
    .update(runs)
    .set({ verdict, verdictVersion: dataVersion, verdictRules: ANALYSIS_VERSION })
    .where(eq(runs.runId, runId));
}
