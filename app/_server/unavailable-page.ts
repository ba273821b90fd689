// The page a browser gets while the database does not answer
// (docs/dashboard.md#database-unavailable): a 503 with Retry-After, plain HTML
// that reloads itself every RETRY_AFTER_S seconds, so the dashboard comes
// back on its own once the database does. It names no host and no error.
import { RETRY_AFTER_S } from "./respond";

const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_S}">
<title>Database unavailable — Loopscope</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2937}</style>
</head>
<body>
<main data-testid="db-unavailable">
<h1>Database unavailable, retrying</h1>
<p>Loopscope cannot reach its database right now. This page tries again every ${RETRY_AFTER_S} seconds and shows the dashboard as soon as the database answers.</p>
<p>If this lasts, check that the database server is running and that <code>DATABASE_URL</code> points at it; <code>/api/ready</code> says when it is back.</p>
</main>
</body>
</html>
`;

export function databaseUnavailableResponse(): Response {
  return new Response(HTML, {
    status: 503,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "retry-after": String(RETRY_AFTER_S),
    },
  });
}
