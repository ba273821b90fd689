// Set a new password with an admin's one-time link (docs/accounts.md#password-reset).
// Open: the link's token is the credential, checked when the form is posted.
import { AccountResetPasswordForm } from "@/components/account/reset-password-form";

export default function ResetPasswordPage() {
  return (
    <div className="auth-page">
      <h1>Set a new password</h1>
      <AccountResetPasswordForm />
      <p className="muted">The link works once, for 24 hours. Every other session of the account ends.</p>
    </div>
  );
}
