"use client";
// The users card of /admin (docs/accounts.md#roles): who has an account and
// with which role, and a form that adds one. An account locked by failed
// sign-ins (docs/accounts.md#sign-in-throttling) shows until when, and Unlock.
// Access can be taken back (docs/accounts.md#taking-access-back): a role
// change, "sign out everywhere", a one-time reset link, removal.
import { useState, type FormEvent } from "react";
import { PASSWORD_MIN_CHARS } from "@/lib/schemas/auth";
import { ROLES } from "@/lib/auth/roles";
import type { PasswordResetCreated, UserOut } from "@/lib/schemas/auth";
import { useRefreshAfter } from "@/components/shared/use-refresh-after";
import { sendJson } from "@/components/auth/post-json";
import { FormError } from "@/components/shared/form-error";
import { formatTimestamp } from "@/lib/format";

/** `lockedUntil`: user_id → when the sign-in lock ends (ISO), for the accounts locked now. */
export function AdminUsers({ users, lockedUntil }: { users: UserOut[]; lockedUntil: Record<string, string> }) {
  const { busy, error, run } = useRefreshAfter();
  const userUrl = (id: string, rest = "") => `/api/v1/users/${encodeURIComponent(id)}${rest}`;
  const unlock = (id: string) => void run(async () => void (await sendJson(userUrl(id, "/lockout"), "DELETE")));
  const setRole = (id: string, role: string) =>
    void run(async () => void (await sendJson(userUrl(id), "PATCH", { role })));
  const signOutAll = (id: string) => void run(async () => void (await sendJson(userUrl(id, "/sessions"), "DELETE")));
  const remove = (u: UserOut) => {
    if (!window.confirm(`Remove ${u.email}? Their sessions end; their comments stay.`)) return;
    void run(async () => void (await sendJson(userUrl(u.user_id), "DELETE")));
  };
  const [reset, setReset] = useState<(PasswordResetCreated & { email: string }) | null>(null);
  const makeReset = (u: UserOut) =>
    void run(async () => {
      const made = await sendJson<PasswordResetCreated>(userUrl(u.user_id, "/password-reset"), "POST");
      setReset({ ...made, email: u.email });
    });
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
      <div className="table-scroll">
        <table className="data">
          <thead>
            <tr>
              <th>Name</th>
              <th>Email</th>
              <th>Role</th>
              <th>Sign-in</th>
              <th>Access</th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.user_id}>
                <td>{u.name}</td>
                <td className="mono">{u.email}</td>
                <td>
                  <select
                    aria-label={`Role of ${u.email}`}
                    value={u.role}
                    disabled={busy}
                    onChange={(e) => setRole(u.user_id, e.target.value)}
                    data-testid="user-role"
                  >
                    {ROLES.map((r) => (
                      <option key={r}>{r}</option>
                    ))}
                  </select>
                </td>
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
                <td className="row-actions">
                  <button className="btn" type="button" disabled={busy} onClick={() => signOutAll(u.user_id)}>
                    Sign out everywhere
                  </button>{" "}
                  <button className="btn" type="button" disabled={busy} onClick={() => makeReset(u)}>
                    Reset link
                  </button>{" "}
                  <button className="btn danger" type="button" disabled={busy} onClick={() => remove(u)}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {reset && (
        <div className="reset-link" role="status" data-testid="reset-link">
          <p>
            A one-time link for <span className="mono">{reset.email}</span>, valid until{" "}
            {formatTimestamp(reset.expires_at)} UTC. Pass it on yourself (Loopscope sends no mail); it is shown only
            now. Their sessions have ended.
          </p>
          <input
            className="mono"
            readOnly
            value={reset.reset_url}
            aria-label="Reset link"
            onFocus={(e) => e.target.select()}
          />
        </div>
      )}
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
