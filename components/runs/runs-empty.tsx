// What a new user sees on /runs before any run is in (docs/dashboard.md#runs):
// the Claude Code folder import first — every session of a project becomes a
// run — with how the CLI authenticates when accounts are on, then the upload
// page and the example runs. `origin` is this server as the reader reached it
// (app/_server/public-origin.ts); the command names it unless it is the CLI's
// default, http://localhost:3000.
import Link from "next/link";
import { RunsLoadExamples } from "./runs-load-examples";

const CLI_DEFAULT_URL = "http://localhost:3000";

export function RunsEmpty({
  accountsOn,
  hasExamples,
  origin,
}: {
  accountsOn: boolean;
  hasExamples: boolean;
  origin: string;
}) {
  const url = origin === CLI_DEFAULT_URL ? "" : ` --url ${origin}`;
  return (
    <div className="card empty runs-empty" data-testid="runs-empty">
      <p>
        <strong>No runs yet.</strong> Start with your Claude Code sessions: from the Loopscope folder, import a
        project&apos;s folder, and every session in it becomes a run.
      </p>
      <pre className="mono code-block" data-testid="runs-empty-command">
        {`${accountsOn ? `npx loopscope login${url}   # once: paste a key with the ingest scope\n` : ""}npx loopscope ingest ~/.claude/projects/<project>${url}`}
      </pre>
      <p className="muted">
        The project&apos;s folder is its path with <code>/</code> replaced by <code>-</code>, e.g.{" "}
        <code>~/.claude/projects/-home-me-shop</code>.{" "}
        {accountsOn ? (
          <>
            Accounts are on, so the CLI sends an API key: the one <code>loopscope login</code> keeps for this server (or{" "}
            <code>LOOPSCOPE_API_KEY</code>, or <code>--api-key</code>). Admins create keys on{" "}
            <Link href="/admin">Admin</Link>.{" "}
          </>
        ) : null}
        Codex, Gemini CLI, OpenTelemetry and other logs: <Link href="/docs/import">importing logs</Link>.
      </p>
      <div className="row runs-empty-actions">
        <Link className="btn primary" href="/upload">
          Upload files
        </Link>
        {hasExamples && <RunsLoadExamples />}
      </div>
    </div>
  );
}
