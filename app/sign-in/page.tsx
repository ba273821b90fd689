// Sign in (docs/accounts.md#sessions). Before the first account exists this
// sends the visitor to /setup; a signed-in visitor (or accounts off) goes to
// `?return_to=`, a path of this site only (docs/accounts.md#return-paths), else to the runs.
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { countUsers } from "@/db/users";
import { pageUser } from "@/app/_server/session";
import { AuthCredentialsForm } from "@/components/auth/credentials-form";
import { AuthSsoButtons } from "@/components/auth/sso-buttons";
import { ssoButtons } from "@/lib/auth/sso-config";
import { safeReturnPath } from "@/lib/auth/return-path";
import { ssoFailureMessage } from "@/lib/auth/sso-messages";
import { readEnv } from "@/lib/env";

type Search = Promise<{ error?: string | string[]; return_to?: string | string[] }>;

export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: { searchParams: Search }) {
  const { error, return_to } = await searchParams;
  const returnTo = typeof return_to === "string" ? safeReturnPath(return_to) : undefined;
  if ((await pageUser()) !== null) redirect(safeReturnPath(return_to));
  const failure = ssoFailureMessage(error);
  if ((await countUsers((await getDb()).db)) === 0) redirect(failure ? `/setup?error=${error}` : "/setup");
  return (
    <div className="auth-page">
      <h1>Sign in</h1>
      <AuthSsoButtons buttons={ssoButtons(readEnv())} returnTo={returnTo} error={failure} />
      <AuthCredentialsForm mode="sign-in" returnTo={returnTo} />
      <p className="muted">No account? Ask an admin of this Loopscope to add you.</p>
    </div>
  );
}
