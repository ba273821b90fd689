// What if (docs/dashboard.md#what-if): a run's analysis recomputed with other
// settings — a profile and the panel's overrides, kept in the URL — beside the
// logged one (the project's settings and the run's config): where each halts,
// what each saves, the trips that appear or disappear, and a sweep of one setting.
import Link from "next/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { getRun } from "@/db/runs";
import { getProjectSettings } from "@/db/settings";
import { getAnalysis } from "@/app/_server/analysis";
import { requirePageUser } from "@/app/_server/session";
import { allProfiles, sweepRun } from "@/app/_server/what-if";
import { resolveSettings, settingsFromConfig, type PartialSettings } from "@/lib/analysis/settings";
import { SHAPE_PROFILES } from "@/lib/analysis/shape-profiles";
import { SWEEPABLE_SETTINGS } from "@/lib/schemas/sweep";
import { prepareHaltStrip } from "@/lib/what-if/halt-strip";
import { findProfile } from "@/lib/what-if/profiles";
import { buildWhatIfQuery, parseWhatIfQuery, type SettingValue } from "@/lib/what-if/query";
import { prepareSweepChart } from "@/lib/what-if/sweep-chart";
import { diffTrips } from "@/lib/what-if/trips";
import { ChartSweep } from "@/components/what-if/chart-sweep";
import { WhatIfPanel } from "@/components/what-if/whatif-panel";
import { WhatIfStrip } from "@/components/what-if/whatif-strip";
import { WhatIfSummary, WhatIfTrips } from "@/components/what-if/whatif-summary";
import { WhatIfSweepForm } from "@/components/what-if/whatif-sweep-form";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ runId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The single-valued settings of a resolved set, as the panel's fields hold them. */
const scalars = (s: Record<string, unknown>): Record<string, SettingValue> =>
  Object.fromEntries(SWEEPABLE_SETTINGS.map((k) => [k, s[k] as SettingValue]));

export default async function WhatIfPage({ params, searchParams }: Props) {
  await requirePageUser();
  const runId = decodeURIComponent((await params).runId);
  const query = Object.fromEntries(
    Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
  );
  const { db } = await getDb();
  const run = await getRun(db, runId);
  if (!run) notFound();
  const q = parseWhatIfQuery(query);
  const profiles = await allProfiles(db);
  const profile = findProfile(profiles, q.profileId);
  const overrides: PartialSettings = { ...profile?.settings, ...q.overrides };
  const [logged, whatIf, project] = await Promise.all([
    getAnalysis(db, runId),
    getAnalysis(db, runId, overrides),
    getProjectSettings(db),
  ]);
  const base = resolveSettings(
    profile?.settings ?? {},
    settingsFromConfig(run.config),
    project,
    SHAPE_PROFILES[run.shape],
  );
  const points = q.sweep ? await sweepRun(db, runId, overrides, q.sweep) : null;
  const sweepText = q.sweep ? { setting: q.sweep.setting, values: String(query.sweep_values) } : undefined;
  const keep = Object.fromEntries(
    new URLSearchParams(
      buildWhatIfQuery({ profileId: profile?.profile_id, overrides: q.overrides as Record<string, SettingValue> }),
    ),
  );
  const runHref = `/runs/${encodeURIComponent(runId)}`;

  return (
    <>
      <div className="row" style={{ marginBottom: 12 }}>
        <h1 style={{ margin: 0 }}>What if…</h1>
        <span className="muted mono">{run.name ?? run.run_id}</span>
        <span className="spacer" />
        <Link className="btn" href={runHref}>
          Back to run
        </Link>
      </div>
      {q.errors.length > 0 && (
        <p className="error-text" role="alert">
          Ignored: {q.errors.join("; ")}
        </p>
      )}
      <WhatIfPanel
        key={JSON.stringify(query)}
        runId={runId}
        profiles={profiles.map(({ profile_id, name, builtin }) => ({ profile_id, name, builtin }))}
        profileId={profile?.profile_id}
        base={scalars(base)}
        current={scalars(whatIf.settings)}
        profileSettings={(profile?.settings ?? {}) as Record<string, SettingValue>}
        sweep={sweepText}
      />
      <section className="card" style={{ marginTop: 16 }}>
        <h2>Where it halts</h2>
        <WhatIfStrip strip={prepareHaltStrip(logged)} kind="logged" title="Logged (project settings)" />
        <WhatIfStrip strip={prepareHaltStrip(whatIf)} kind="whatif" title="What if" />
        <WhatIfSummary logged={logged} whatIf={whatIf} />
        <h3>Breaker trips</h3>
        <WhatIfTrips diff={diffTrips(logged, whatIf)} />
      </section>
      <section className="card" style={{ marginTop: 16 }}>
        <h2>Sweep one setting</h2>
        <WhatIfSweepForm
          action={`${runHref}/what-if`}
          keep={keep}
          setting={q.sweep?.setting ?? "cooldown_min"}
          values={sweepText?.values ?? "5,15,30,60"}
        />
        {points ? (
          <ChartSweep chart={prepareSweepChart(points)} setting={q.sweep!.setting} />
        ) : (
          <p className="muted">Pick a setting and its values: the chart shows what halting saves at each one.</p>
        )}
      </section>
    </>
  );
}
