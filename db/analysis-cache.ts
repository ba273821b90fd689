// The analysis report cached per run and settings hash, with the run's
// data_version it saw (every ingest write bumps it): valid for a request that
// saw that version or an earlier one. A report never replaces a later one.
// Also stores the runs page's verdict badges from the default-settings report.
import { createHash } from "node:crypto";
import { and, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import { ANALYSIS_VERSION } from "@/lib/analysis/version";
import { runNotFound } from "@/lib/errors";
import type { RunVerdict } from "@/lib/schemas/api";
import type { Db } from "./client";
import { isForeignKeyViolation } from "./pg-errors";
import { analysisCache, runs } from "./schema";

/**
 * The cache key of a report: its settings, the version of the rules that
 * computed it and, when it read them, the team's baselines of its tools
 * (docs/analysis.md#team-baselines) — new history is a new key, so a report
 * is never served with stale baselines. None read: the settings' key alone.
 */
export function hashSettings(settings: unknown, baselines: Record<string, unknown> = {}): string {
  const parts =
    Object.keys(baselines).length > 0 ? [ANALYSIS_VERSION, settings, baselines] : [ANALYSIS_VERSION, settings];
  return createHash("sha1").update(JSON.stringify(parts)).digest("hex");
}

/** The cached report of data version `minVersion` or a later one, with its version. */
export async function getCachedReport(db: Db, runId: string, settingsHash: string, minVersion: number) {
  const [row] = await db
    .select({ report: analysisCache.report, dataVersion: analysisCache.dataVersion })
    .from(analysisCache)
    .where(
      and(
        eq(analysisCache.runId, runId),
        eq(analysisCache.settingsHash, settingsHash),
        gte(analysisCache.dataVersion, minVersion),
      ),
    );
  return row ?? null;
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
        // Two computations of one run overlapping: the one that saw the older data, finishing last, keeps out.
        setWhere: lte(analysisCache.dataVersion, dataVersion),
      });
  } catch (err) {
    // The run was deleted while it was analysed (the foreign key refuses its cache row).
    throw isForeignKeyViolation(err) ? runNotFound(runId) : err;
  }
}

/** The runs list's verdict of data version `dataVersion`, unless one of a later version is saved. */
export async function saveVerdict(db: Db, runId: string, dataVersion: number, verdict: RunVerdict) {
  await db
    .update(runs)
    .set({ verdict, verdictVersion: dataVersion, verdictRules: ANALYSIS_VERSION })
    .where(and(eq(runs.runId, runId), or(isNull(runs.verdictVersion), lte(runs.verdictVersion, dataVersion))));
}
