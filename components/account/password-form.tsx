"use client";
// The /account card that changes one's own password (docs/accounts.md#taking-access-back):
// the current password, the new one; the other browsers are signed out, this one stays.
import { useState, type FormEvent } from "react";
import { PASSWORD_MIN_CHARS, type PasswordChanged } from "@/lib/schemas/auth";
import { sendJson } from "@/components/auth/post-json";
import { FormError } from "@/components/shared/form-error";
import { plural } from "@/lib/plural";

export function AccountPasswordForm() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const fields = Object.fromEntries(new FormData(e.currentTarget));
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const answer = await sendJson<PasswordChanged>("/api/v1/auth/password", "PUT", fields);
      const others = answer.other_sessions_ended;
      setDone(`Password changed${others ? `; ${plural(others, "other session")} signed out` : ""}.`);
      setFormKey((k) => k + 1);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" data-testid="password-card">
      <h2>Password</h2>
      <form key={formKey} className="admin-form" onSubmit={(e) => void submit(e)} data-testid="password-form">
        <input
          name="current_password"
          type="password"
          placeholder="Current password"
          aria-label="Current password"
          autoComplete="current-password"
          required
        />
        <input
          name="new_password"
          type="password"
          placeholder={`New password (${PASSWORD_MIN_CHARS}+ characters)`}
          aria-label="New password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_CHARS}
          required
        />
        <button className="btn primary" type="submit" disabled={busy}>
          Change password
        </button>
        {done && (
          <p role="status" data-testid="password-changed">
            {done}
          </p>
        )}
        <FormError error={error} />
      </form>
    </section>
  );
}
