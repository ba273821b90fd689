// The "Ingest API keys" card of /settings (docs/accounts.md#api-keys): how a
// harness, the CLI and an OpenTelemetry exporter send a key, and where admins
// create and revoke them (/admin). The examples name this server as the
// reader reached it (`origin`: LOOPSCOPE_PUBLIC_URL, else the request's host),
// so they work when pasted on another machine.
import Link from "next/link";

export function IngestKeysCard({ accountsOn, origin }: { accountsOn: boolean; origin: string }) {
  const auth = accountsOn ? ` \\\n  -H "Authorization: Bearer $LOOPSCOPE_API_KEY"` : "";
  const curl = `curl -X POST ${origin}/api/v1/ingest${auth} \\\n  -H "Content-Type: application/x-ndjson" \\\n  --data-binary @run.jsonl`;
  const cli = `${accountsOn ? `npx loopscope login --url ${origin}   # once: paste the key\n` : ""}npx loopscope ingest ~/.claude/projects/<project> --url ${origin}`;
  return (
    <section className="card ingest-keys" data-testid="ingest-keys">
      <h2>Ingest API keys</h2>
      {accountsOn ? (
        <p>
          Every ingest request needs an API key with the <code>ingest</code> scope. Admins create and revoke keys on{" "}
          <Link href="/admin">Admin</Link>; a key&apos;s secret is shown once. <code>loopscope login</code> keeps it for
          this server in your config directory, and the CLI sends it by itself (<code>LOOPSCOPE_API_KEY</code> or{" "}
          <code>--api-key</code> win over it); curl sends <code>LOOPSCOPE_API_KEY</code>.
        </p>
      ) : (
        <p>
          <span className="badge warn">accounts off</span> <code>LOOPSCOPE_AUTH=off</code>: the ingest endpoints accept
          every request, and anyone who can reach this server can send runs.
        </p>
      )}
      <p>{accountsOn ? "Send the key with every ingest request:" : "Send a file:"}</p>
      <pre className="mono code-block" data-testid="ingest-example-curl">
        {curl}
      </pre>
      <p>Every Claude Code session of a project, from the Loopscope folder:</p>
      <pre className="mono code-block" data-testid="ingest-example-cli">
        {cli}
      </pre>
      <p className="muted">
        The same key works on the OTLP receiver (<code>OTEL_EXPORTER_OTLP_ENDPOINT={origin}</code>:{" "}
        <code>/v1/traces</code>, <code>/v1/logs</code>, <code>/v1/metrics</code>), as{" "}
        <code>Authorization: Basic base64(public:secret)</code> (as Langfuse exporters send) or as{" "}
        <code>x-api-key</code>. See <Link href="/docs/accounts">accounts and API keys</Link> and{" "}
        <Link href="/docs/import">importing logs</Link>.
      </p>
    </section>
  );
}
