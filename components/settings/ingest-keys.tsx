// The "Ingest API keys" card of /settings. Keys are not enforced yet (the
// receiver's auth seam accepts every request), so this says so and shows how
// a harness will send one; there is no key storage to manage yet.
export function IngestKeysCard() {
  return (
    <section className="card ingest-keys" data-testid="ingest-keys">
      <h2>Ingest API keys</h2>
      <p>
        <span className="badge warn">not enforced yet</span> The ingest endpoints accept every request today; anyone who
        can reach this server can send runs. Keep it on a trusted network until keys are enforced.
      </p>
      <p>When keys are enforced, send the key as a bearer token with every ingest request:</p>
      <pre className="mono code-block">{`curl -X POST http://localhost:3000/api/v1/ingest \\
  -H "Authorization: Bearer $LOOPSCOPE_API_KEY" \\
  -H "Content-Type: application/x-ndjson" \\
  --data-binary @run.jsonl`}</pre>
      <p className="muted">
        The same header applies to the OTLP receiver (<code>/v1/traces</code>, <code>/v1/logs</code>,{" "}
        <code>/v1/metrics</code>). Harnesses can send it already: today it only names the sender.
      </p>
    </section>
  );
}
