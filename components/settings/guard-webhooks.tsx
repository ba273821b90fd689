"use client";
// Settings' "Tell the team" card (docs/guard.md#tell-the-team): the webhooks the
// live guard posts each trip, halt and recovery to. Saved whole with
// PUT /api/v1/settings/guard-webhooks; a bad URL is the server's 400, shown as it said it.
import Link from "next/link";
import { useState } from "react";
import type { ErrorBody } from "@/lib/schemas/errors";
import type { GuardWebhook, GuardWebhookTest } from "@/lib/schemas/guard";

type Status = { kind: "idle" } | { kind: "saving" } | { kind: "saved" } | { kind: "error"; message: string };
const MAX_WEBHOOKS = 5;

/** "Send a test" of one row: what the server said of its one try (POST …/guard-webhooks/test). */
async function sendTest(hook: GuardWebhook): Promise<string> {
  const res = await fetch("/api/v1/settings/guard-webhooks/test", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...hook, url: hook.url.trim() }),
  });
  const json = (await res.json().catch(() => null)) as (GuardWebhookTest & ErrorBody) | null;
  if (!res.ok) return json?.error?.message ?? `HTTP ${res.status}`;
  return json?.delivered ? "Test sent." : `Not sent: ${json?.problem ?? "no answer"}.`;
}

export function GuardWebhooksCard({ saved, mayEdit }: { saved: GuardWebhook[] | null; mayEdit: boolean }) {
  const [rows, setRows] = useState<GuardWebhook[]>(saved ?? []);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  /** Per row, what its last "Send a test" said. */
  const [tests, setTests] = useState<Record<number, string>>({});
  const set = (i: number, patch: Partial<GuardWebhook>) => {
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
    setTests({ ...tests, [i]: "" });
  };
  async function runTest(i: number) {
    const row = rows[i];
    if (!row) return;
    setTests((t) => ({ ...t, [i]: "Sending…" }));
    const said = await sendTest(row);
    setTests((t) => ({ ...t, [i]: said }));
  }

  async function save() {
    setStatus({ kind: "saving" });
    const res = await fetch("/api/v1/settings/guard-webhooks", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        webhooks: rows.filter((r) => r.url.trim() !== "").map((r) => ({ ...r, url: r.url.trim() })),
      }),
    });
    if (res.ok) return setStatus({ kind: "saved" });
    const json = (await res.json().catch(() => null)) as ErrorBody | null;
    setStatus({ kind: "error", message: json?.error?.message ?? `HTTP ${res.status}` });
  }

  return (
    <section className="card" data-testid="guard-webhooks" aria-label="Tell the team">
      <h2>Tell the team</h2>
      <p className="muted">
        When a live run&apos;s guard trips, halts or recovers, Loopscope posts it to these webhooks, with the run&apos;s
        link, the breaker and what stopping saves — a Slack-compatible <code>{"{text}"}</code> body, or the event as
        JSON. Deliveries are retried with back-off and never hold a decision up (
        <Link href="/docs/guard#tell-the-team">the live guard</Link>).
      </p>
      {saved === null || !mayEdit ? (
        <p className="muted">Only an admin sees and changes the webhooks: a webhook&apos;s URL is its secret.</p>
      ) : (
        <>
          {rows.map((r, i) => (
            <div className="row" key={i} style={{ marginBottom: 6 }}>
              <input
                aria-label={`Webhook ${i + 1} URL`}
                type="url"
                value={r.url}
                placeholder="https://hooks.slack.com/services/…"
                onChange={(e) => set(i, { url: e.target.value })}
                style={{ flex: "1 1 240px", minWidth: 0 }}
              />
              <select
                aria-label={`Webhook ${i + 1} format`}
                value={r.format}
                onChange={(e) => set(i, { format: e.target.value as GuardWebhook["format"] })}
              >
                <option value="slack">Slack-compatible</option>
                <option value="generic">generic JSON</option>
              </select>
              <button
                className="btn"
                type="button"
                disabled={r.url.trim() === "" || tests[i] === "Sending…"}
                onClick={() => void runTest(i)}
                data-testid="guard-webhook-test"
              >
                Send a test
              </button>
              <button
                className="btn"
                type="button"
                onClick={() => {
                  setRows(rows.filter((_, j) => j !== i));
                  setTests({});
                }}
              >
                Remove
              </button>
              {tests[i] && (
                <span role="status" className="muted" data-testid="guard-webhook-test-status">
                  {tests[i]}
                </span>
              )}
            </div>
          ))}
          <div className="row">
            <button
              className="btn"
              type="button"
              disabled={rows.length >= MAX_WEBHOOKS}
              onClick={() => setRows([...rows, { url: "", format: "slack" }])}
            >
              Add a webhook
            </button>
            <button
              className="btn primary"
              type="button"
              disabled={status.kind === "saving"}
              onClick={() => void save()}
              data-testid="guard-webhooks-save"
            >
              Save webhooks
            </button>
            <span role="status" data-testid="guard-webhooks-status">
              {status.kind === "saving" && "Saving…"}
              {status.kind === "saved" && <span className="ok-text">Saved.</span>}
              {status.kind === "error" && <span className="error-text">{status.message}</span>}
            </span>
          </div>
        </>
      )}
    </section>
  );
}
