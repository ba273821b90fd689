// Your account (docs/accounts.md#taking-access-back): who you are signed in as,
// your password, and "sign out everywhere". With accounts off there is none.
import { requirePageUser } from "@/app/_server/session";
import { AccountPasswordForm } from "@/components/account/password-form";
import { AccountSignOutEverywhere } from "@/components/account/sign-out-everywhere";

export const dynamic = "force-dynamic";

export default async function AccountPage() {
  const user = await requirePageUser();
  if (user === "off")
    return (
      <div className="admin-page">
        <h1>Account</h1>
        <p className="muted">Accounts are off (LOOPSCOPE_AUTH=off): there is no account to manage.</p>
      </div>
    );
  return (
    <div className="admin-page">
      <h1>Account</h1>
      <p data-testid="account-who">
        {user.name} · <span className="mono">{user.email}</span> · {user.role}
      </p>
      <AccountPasswordForm />
      <AccountSignOutEverywhere userId={user.userId} />
    </div>
  );
}
