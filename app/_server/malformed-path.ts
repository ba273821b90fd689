// The answer to a path with a malformed percent-encoding (proxy.ts,
// docs/api.md#errors): a 400 in the API's error shape for /api and the OTLP
// receiver's /v1, a plain page for the dashboard. It never echoes the path.
import type { ErrorBody } from "@/lib/errors";

const MESSAGE = "the path has a malformed percent-encoding (a % not followed by the hex of UTF-8 bytes)";

const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bad address — Loopscope</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2937}</style>
</head>
<body>
<main data-testid="bad-path">
<h1>This address is not valid</h1>
<p>A <code>%</code> in it is not followed by a valid encoded character, so it names no page. Check the link, or go to <a href="/runs">the runs</a>.</p>
</main>
</body>
</html>
`;

/** The API and the OTLP receiver: they answer JSON, and proxy.ts lets them through untouched. */
export const isApiPath = (pathname: string) => pathname.startsWith("/api/") || pathname.startsWith("/v1/");

export function malformedPathResponse(pathname: string): Response {
  const headers = { "cache-control": "no-store" };
  if (isApiPath(pathname)) {
    return Response.json({ error: { code: "bad_request", message: MESSAGE } } satisfies ErrorBody, {
      status: 400,
      headers,
    });
  }
  return new Response(HTML, { status: 400, headers: { ...headers, "content-type": "text/html; charset=utf-8" } });
}
