"use client";
// The users card of /admin (docs/accounts.md#roles): who has an account and
// with which role, and a form that adds one. An account locked by failed
// sign-ins (docs/accounts.md#sign-in-throttling) shows until when, and Unlock.
import { useState, type FormEvent } from "react";
import { PASSWORD_MIN_CHARS } from "@/lib/schemas/auth";
import { ROLES } from "@/lib/auth/roles";
import type { UserOut } from "@/lib/schemas/auth";
import { useRefreshAfter } from "@/components/shared/use-refresh-after";
import { sendJson } from "@/components/auth/post-json";
import { FormError } from "@/components/shared/form-error";
import { formatTimestamp } from "@/lib/format";

/** `lockedUntil`: user_id → when the sign-in lock ends (ISO), for the accounts locked now. */
export function AdminUsers({ users, lockedUntil }: { users: UserOut[]; lockedUntil: Record<string, string> }) {
  const { busy, error, run } = useRefreshAfter();
  const unlock = (id: string) =>
    void run(async () => void (await sendJson(`/api/v1/users/${encodeURIComponent(id)}/lockout`, "DELETE")));
  const [formKey, setFormKey] = useState(0);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const fields = Object.fromEntries(new FormData(e.currentTarget));
    void run(async () => {
      await sendJson("/api/v1/users", "POST", fields);
      setFormKey((k) => k + 1);
    });
  }

  return (
    <section className="card" data-testid="admin-users">
      <h2>Users</h2>
      <table className="data">
        <thead>
          <tr>
            <th>Name</th>
            <th>Email</th>
            <th>Role</th>
            <th>Sign-in</th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.user_id}>
              <td>{u.name}</td>
              <td className="mono">{u.email}</td>
              <td>{u.role}</td>
              <td>
                {lockedUntil[u.user_id] && (
                  <span data-testid="user-locked">
                    <span className="badge bad">locked until {formatTimestamp(lockedUntil[u.user_id])} UTC</span>{" "}
                    <button className="btn" type="button" disabled={busy} onClick={() => unlock(u.user_id)}>
                      Unlock
                    </button>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form key={formKey} className="admin-form" onSubmit={submit} data-testid="add-user-form">
        <input name="name" placeholder="Name" aria-label="Name" required />
        <input name="email" type="email" placeholder="Email" aria-label="Email" required />
        <input
          name="password"
          type="password"
          placeholder={`Password (${PASSWORD_MIN_CHARS}+ characters)`}
          aria-label="Password"
          minLength={PASSWORD_MIN_CHARS}
          required
        />
        <select name="role" aria-label="Role" defaultValue="viewer">
          {ROLES.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
        <button className="btn primary" type="submit" disabled={busy}>
          Add user
        </button>
        <FormError error={error} />
      </form>
    </section>
  );
}
