"use client";
// The top bar's sign-out (docs/accounts.md#sessions): ends the session, then opens sign-in.
import { sendJson } from "./post-json";

export function AuthSignOutButton() {
  async function signOut() {
    await sendJson("/api/v1/auth/session", "DELETE").catch(() => null);
    window.location.assign("/sign-in");
  }
  return (
    <button className="btn" type="button" onClick={() => void signOut()} data-testid="sign-out">
      Sign out
    </button>
  );
}
