// The "Ingest API keys" card of /settings (docs/accounts.md#api-keys): how a
// harness sends a key, and where admins create and revoke them (/admin).
import Link from "next/link";

export function IngestKeysCard({ accountsOn }: { accountsOn: boolean }) {
  return (
    <section className="card ingest-keys" data-testid="ingest-keys">
      <h2>Ingest API keys</h2>
      {accountsOn ? (
        <p>
          Every ingest request needs an API key with the <code>ingest</code> scope. Admins create and revoke keys on{" "}
          <Link href="/admin">Admin</Link>; a key&apos;s secret is shown once.
        </p>
      ) : (
        <p>
          <span className="badge warn">accounts off</span> <code>LOOPSCOPE_AUTH=off</code>: the ingest endpoints accept
          every request, and anyone who can reach this server can send runs.
        </p>
      )}
      <p>Send the key with every ingest request:</p>
      <pre className="mono code-block">{`curl -X POST http://localhost:3000/api/v1/ingest \\
  -H "Authorization: Bearer $LOOPSCOPE_API_KEY" \\
  -H "Content-Type: application/x-ndjson" \\
  --data-binary @run.jsonl`}</pre>
      <p className="muted">
        The same key works on the OTLP receiver (<code>/v1/traces</code>, <code>/v1/logs</code>,{" "}
        <code>/v1/metrics</code>), as <code>Authorization: Basic base64(public:secret)</code> (as Langfuse exporters
        send) or as <code>x-api-key</code>. See <Link href="/docs/accounts">accounts and API keys</Link>.
      </p>
    </section>
  );
}
