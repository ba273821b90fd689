// The first visit (docs/accounts.md#first-start): while no account exists,
// whoever opens Loopscope first creates the admin. Afterwards this page only
// points to sign-in.
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { countUsers } from "@/db/users";
import { pageUser } from "@/app/_server/session";
import { AuthCredentialsForm } from "@/components/auth/credentials-form";
import { AuthSsoButtons } from "@/components/auth/sso-buttons";
import { ssoButtons } from "@/lib/auth/sso-config";
import { ssoFailureMessage } from "@/lib/auth/sso-messages";
import { readEnv } from "@/lib/env";

export const dynamic = "force-dynamic";

export default async function SetupPage({ searchParams }: { searchParams: Promise<{ error?: string | string[] }> }) {
  if ((await pageUser()) === "off") redirect("/runs");
  if ((await countUsers((await getDb()).db)) > 0) redirect("/sign-in");
  return (
    <div className="auth-page">
      <h1>Set up Loopscope</h1>
      <p className="muted">
        No account exists yet. Create the admin account: the admin adds the team (viewers, editors, admins) and the API
        keys harnesses send runs with.
      </p>
      <AuthSsoButtons buttons={ssoButtons(readEnv())} error={ssoFailureMessage((await searchParams).error)} />
      <AuthCredentialsForm mode="setup" />
    </div>
  );
}
