// Sign in (docs/accounts.md#sessions). Before the first account exists this
// sends the visitor to /setup; a signed-in visitor (or accounts off) goes to the runs.
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { countUsers } from "@/db/users";
import { pageUser } from "@/app/_server/session";
import { AuthCredentialsForm } from "@/components/auth/credentials-form";

export const dynamic = "force-dynamic";

export default async function SignInPage() {
  if ((await pageUser()) !== null) redirect("/runs");
  if ((await countUsers((await getDb()).db)) === 0) redirect("/setup");
  return (
    <div className="auth-page">
      <h1>Sign in</h1>
      <AuthCredentialsForm mode="sign-in" />
      <p className="muted">No account? Ask an admin of this Loopscope to add you.</p>
    </div>
  );
}
