"use client";
// The API keys card of /admin (docs/accounts.md#api-keys): create a key with
// its scopes (its secret is shown here once, never again), list and revoke.
import { useState, type FormEvent } from "react";
import { KEY_SCOPES } from "@/lib/auth/roles";
import type { KeyCreated, KeyOut } from "@/lib/schemas/auth";
import { useRefreshAfter } from "@/components/shared/use-refresh-after";
import { sendJson } from "@/components/auth/post-json";
import { FormError } from "@/components/shared/form-error";

export function AdminKeys({ keys }: { keys: KeyOut[] }) {
  const { busy, error, run } = useRefreshAfter();
  const [created, setCreated] = useState<KeyCreated | null>(null);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body = { name: form.get("name"), scopes: form.getAll("scopes") };
    void run(async () => setCreated(await sendJson<KeyCreated>("/api/v1/keys", "POST", body)));
  }

  const revoke = (id: string) => void run(async () => void (await sendJson(`/api/v1/keys/${id}`, "DELETE")));

  return (
    <section className="card" data-testid="admin-keys">
      <h2>API keys</h2>
      {created && (
        <div className="key-created" data-testid="key-created">
          <p>
            <strong>Copy the secret now:</strong> it is not shown again.
          </p>
          <pre className="mono code-block">{`public key: ${created.key.public_key}\nsecret key: ${created.secret_key}`}</pre>
        </div>
      )}
      <table className="data">
        <thead>
          <tr>
            <th>Name</th>
            <th>Public key</th>
            <th>Secret</th>
            <th>Scopes</th>
            <th>Last used</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k.key_id}>
              <td>{k.name}</td>
              <td className="mono">{k.public_key}</td>
              <td className="mono">{k.secret_hint}</td>
              <td>{k.scopes.join(", ")}</td>
              <td className="mono">{k.last_used_at ?? "never"}</td>
              <td>
                {k.revoked_at ? (
                  <span className="badge bad">revoked</span>
                ) : (
                  <button className="btn" type="button" disabled={busy} onClick={() => revoke(k.key_id)}>
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form className="admin-form" onSubmit={submit} data-testid="add-key-form">
        <input name="name" placeholder="Key name (e.g. ci-harness)" aria-label="Key name" required />
        {KEY_SCOPES.map((s) => (
          <label key={s}>
            <input type="checkbox" name="scopes" value={s} defaultChecked={s === "ingest"} /> {s}
          </label>
        ))}
        <button className="btn primary" type="submit" disabled={busy}>
          Create key
        </button>
        <FormError error={error} />
      </form>
    </section>
  );
}
