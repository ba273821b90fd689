"use client";
// The sign-in and first-admin forms (docs/accounts.md#first-start): post the
// fields as JSON, and on success load the runs page (or the sign-in page's
// `returnTo`, already a path of this site) with the new session cookie.
import { useState, type FormEvent } from "react";
import { PASSWORD_MIN_CHARS } from "@/lib/schemas/auth";
import { sendJson } from "./post-json";
import { FormError } from "@/components/shared/form-error";

type Mode = "setup" | "sign-in";

const ENDPOINT: Record<Mode, string> = { setup: "/api/v1/auth/setup", "sign-in": "/api/v1/auth/session" };

export function AuthCredentialsForm({ mode, returnTo = "/runs" }: { mode: Mode; returnTo?: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const fields = Object.fromEntries(new FormData(e.currentTarget));
    setBusy(true);
    setError(null);
    try {
      await sendJson(ENDPOINT[mode], "POST", fields);
      window.location.assign(returnTo);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  }

  return (
    <form className="card auth-form" onSubmit={(e) => void submit(e)} data-testid={`${mode}-form`}>
      {mode === "setup" && (
        <label className="setting">
          <span className="setting-label">Name</span>
          <input name="name" required autoComplete="name" />
        </label>
      )}
      <label className="setting">
        <span className="setting-label">Email</span>
        <input name="email" type="email" required autoComplete="email" />
      </label>
      <label className="setting">
        <span className="setting-label">Password</span>
        <input
          name="password"
          type="password"
          required
          minLength={mode === "setup" ? PASSWORD_MIN_CHARS : undefined}
          autoComplete={mode === "setup" ? "new-password" : "current-password"}
        />
      </label>
      <button className="btn primary" type="submit" disabled={busy}>
        {mode === "setup" ? "Create the admin account" : "Sign in"}
      </button>
      <FormError error={error} />
    </form>
  );
}
