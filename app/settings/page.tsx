// Settings (docs/dashboard.md, docs/analysis.md#settings): the project thresholds every analysis uses
// unless a run's config or a request overrides them, and the ingest API keys with
// examples that name this server (public-origin.ts), and the live guard's webhooks.
import Link from "next/link";
import { getDb } from "@/db/client";
import { getProjectSettings } from "@/db/settings";
import { IngestKeysCard } from "@/components/settings/ingest-keys";
import { GuardWebhooksCard } from "@/components/settings/guard-webhooks";
import { getGuardWebhooks } from "@/db/guard-webhooks";
import { SettingsForm } from "@/components/settings/settings-form";
import { DEFAULT_SETTINGS } from "@/lib/analysis/settings";
import { pagePublicOrigin } from "@/app/_server/public-origin";
import { requirePageUser } from "@/app/_server/session";

export const dynamic = "force-dynamic";

export default async function SettingsPage() {
  const user = await requirePageUser();
  const { db } = await getDb();
  const saved = await getProjectSettings(db);
  // A webhook's URL is its secret: only who may change settings reads it (lib/auth/roles.ts).
  const mayEditSettings = user === "off" || user.role === "admin";
  const webhooks = mayEditSettings ? (await getGuardWebhooks(db)).webhooks : null;
  return (
    <div className="settings-page">
      <h1>Settings</h1>
      <p className="muted">
        Project thresholds for every analysis. Precedence: query parameters of one request &gt; the run&apos;s{" "}
        <code>config</code> &gt; these project settings &gt; the defaults (shown greyed). Leave a field empty to use the
        default. What each setting does: <Link href="/docs/analysis#settings">the analysis rules</Link>.
      </p>
      <SettingsForm saved={saved} defaults={DEFAULT_SETTINGS} />
      <IngestKeysCard accountsOn={user !== "off"} origin={await pagePublicOrigin()} />
      <GuardWebhooksCard saved={webhooks} mayEdit={mayEditSettings} />
    </div>
  );
}
