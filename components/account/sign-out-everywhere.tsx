"use client";
// "Sign out everywhere" (docs/accounts.md#taking-access-back): every browser of
// this user, this one included, is signed out; then the sign-in page.
import { useState } from "react";
import { sendJson } from "@/components/auth/post-json";
import { FormError } from "@/components/shared/form-error";

export function AccountSignOutEverywhere({ userId }: { userId: string }) {
  const [error, setError] = useState<string | null>(null);
  async function signOutAll() {
    try {
      await sendJson(`/api/v1/users/${encodeURIComponent(userId)}/sessions`, "DELETE");
      window.location.assign("/sign-in");
    } catch (err) {
      setError((err as Error).message);
    }
  }
  return (
    <section className="card" data-testid="sessions-card">
      <h2>Sessions</h2>
      <p className="muted">
        Signed in on a computer you no longer use, or a browser you lost? This ends every session of your account, this
        one too. API keys are not sessions: an admin revokes them on the Admin page.
      </p>
      <button className="btn" type="button" onClick={() => void signOutAll()} data-testid="sign-out-everywhere">
        Sign out everywhere
      </button>
      <FormError error={error} />
    </section>
  );
}
