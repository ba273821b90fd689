"use client";
// The page an admin's one-time reset link opens (docs/accounts.md#password-reset):
// the token is in the URL's fragment, which the browser never sends, so it is
// read here and posted with the new password; then this browser is signed in.
import { useState, useSyncExternalStore, type FormEvent } from "react";
import { PASSWORD_MIN_CHARS } from "@/lib/schemas/auth";
import { sendJson } from "@/components/auth/post-json";
import { FormError } from "@/components/shared/form-error";

function onHashChange(notify: () => void): () => void {
  window.addEventListener("hashchange", notify);
  return () => window.removeEventListener("hashchange", notify);
}

export function AccountResetPasswordForm() {
  const hash = useSyncExternalStore(
    onHashChange,
    () => window.location.hash,
    () => undefined,
  );
  const token = hash === undefined ? undefined : new URLSearchParams(hash.slice(1)).get("token");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const newPassword = new FormData(e.currentTarget).get("new_password");
    setBusy(true);
    setError(null);
    try {
      await sendJson("/api/v1/auth/password-reset", "POST", { token, new_password: newPassword });
      window.location.assign("/runs");
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  }

  if (token === undefined) return null;
  if (token === null)
    return (
      <p className="error-text" role="alert" data-testid="reset-no-token">
        This page needs the whole link an admin made for you (it ends with #token=…). Ask an admin for a new one.
      </p>
    );
  return (
    <form className="card auth-form" onSubmit={(e) => void submit(e)} data-testid="reset-form">
      <label className="setting">
        <span className="setting-label">New password</span>
        <input
          name="new_password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_CHARS}
          placeholder={`${PASSWORD_MIN_CHARS}+ characters`}
          required
        />
      </label>
      <button className="btn primary" type="submit" disabled={busy}>
        Set password and sign in
      </button>
      <FormError error={error} />
    </form>
  );
}
