// Fleet (docs/dashboard.md#fleet): one setting's values over a set of runs —
// how many each value would have halted, what it saves on the runs marked
// bad, which runs marked good it would have wrongly halted — and the chosen
// profile as the settings JSON a harness loads. At most FLEET_MAX_RUNS runs.
import { getDb } from "@/db/client";
import { listRunFacets } from "@/db/runs";
import { getProjectSettings } from "@/db/settings";
import { requirePageUser } from "@/app/_server/session";
import { allProfiles, sweepFleet } from "@/app/_server/what-if";
import { FLEET_MAX_RUNS, FLEET_MAX_VALUES, parseFleetQuery } from "@/lib/what-if/fleet-query";
import { exportProfileJson, findProfile, profileFileName } from "@/lib/what-if/profiles";
import { plural } from "@/lib/plural";
import { FleetForm } from "@/components/what-if/fleet-form";
import { FleetTable } from "@/components/what-if/fleet-table";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function FleetPage({ searchParams }: Props) {
  await requirePageUser();
  const query = Object.fromEntries(
    Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
  );
  const q = parseFleetQuery(query);
  const { db } = await getDb();
  const [profiles, facets, project] = await Promise.all([allProfiles(db), listRunFacets(db), getProjectSettings(db)]);
  const profile = findProfile(profiles, q.profileId);
  const result = q.sweep ? await sweepFleet(db, q.runs, profile?.settings ?? {}, q.sweep) : null;
  const exported = exportProfileJson({ settings: profile?.settings ?? project });

  return (
    <>
      <h1>Fleet</h1>
      <p className="muted">
        One setting&apos;s values over the newest {FLEET_MAX_RUNS} runs the filters select (at most {FLEET_MAX_VALUES}{" "}
        values), each value on top of the profile. Failed and successful runs are those whose outcome says so (from the
        run&apos;s file, a grader or a done review); a run without an outcome counts as failed when its review names a
        root cause other than &quot;none&quot;.
      </p>
      <FleetForm
        form={q.form}
        agents={facets.agents}
        labels={facets.labels}
        profiles={profiles.map(({ profile_id, name, builtin }) => ({ profile_id, name, builtin }))}
      />
      {q.errors.length > 0 && (
        <p className="error-text" role="alert">
          {q.errors.join("; ")}
        </p>
      )}
      {result && q.sweep && (
        <section className="card" style={{ marginTop: 16 }}>
          <p data-testid="fleet-run-count">
            Over {plural(result.runs.length, "run")}
            {result.runs.length >= FLEET_MAX_RUNS && ` — the newest ${FLEET_MAX_RUNS}; narrow the filters for others`}.
          </p>
          <FleetTable setting={q.sweep.setting} rows={result.rows} />
        </section>
      )}
      <section className="card" style={{ marginTop: 16 }}>
        <h2>Export the profile</h2>
        <p className="muted">
          {profile ? profile.name : "The project's settings"}: every setting, as the JSON a harness loads.
        </p>
        <a
          className="btn"
          data-testid="fleet-export"
          download={profileFileName(profile ?? { name: "project" })}
          href={`data:application/json;charset=utf-8,${encodeURIComponent(exported)}`}
        >
          Download settings JSON
        </a>
      </section>
    </>
  );
}
