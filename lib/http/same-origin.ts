// docs/api.md#cross-origin-requests — whether a request that changes data may
// come from where it says it comes from. A browser names the page behind
// every POST, PUT, PATCH and DELETE in `Origin`; a page on another site (a
// cross-site form posting text/plain JSONL, a comment, a settings change)
// names a host that is not this server's, and is refused. Clients that are no
// browser (the CLI, curl, OpenTelemetry exporters) send no `Origin` and pass.
// The server's host is `Host`, the request URL's, LOOPSCOPE_PUBLIC_URL's, and
// the first `X-Forwarded-Host` only behind a trusted proxy
// (docs/accounts.md#trusted-proxies); the scheme is not compared (TLS may end at a proxy).
// Pure: the method, the headers and the URL in, a verdict out. O(header length).

import { readForwarded } from "./forwarded";

export type OriginVerdict = { ok: true } | { ok: false; reason: string };

/** What the check reads of a request's headers (a `Headers` fits). */
export type HeaderSource = { get(name: string): string | null };

const MUTATING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** `Sec-Fetch-Site` values a request from this server's own pages (or typed by the user) carries. */
const OWN_FETCH_SITES = new Set(["same-origin", "none"]);

const REFUSED =
  "a browser page from another origin may not change data here: send the request from Loopscope's own pages, " +
  "or from a client that is no browser (the CLI, curl)";

/** What the server knows of its own addresses besides the request. */
export type OwnHosts = {
  /** LOOPSCOPE_PUBLIC_URL, when set: its host is the server's. */
  publicUrl?: string;
  /** LOOPSCOPE_TRUSTED_PROXIES is set: X-Forwarded-Host names the server. */
  trustProxies?: boolean;
};

/** Refuse a data-changing request that a browser sent from a page of another origin. */
export function checkSameOrigin(
  method: string,
  headers: HeaderSource,
  requestUrl: string,
  own: OwnHosts = {},
): OriginVerdict {
  if (!MUTATING_METHODS.has(method.toUpperCase())) return { ok: true };
  const origin = headers.get("origin");
  if (origin === null) {
    const site = headers.get("sec-fetch-site");
    return site === null || OWN_FETCH_SITES.has(site.toLowerCase()) ? { ok: true } : { ok: false, reason: REFUSED };
  }
  const from = hostOfOrigin(origin);
  if (from === null) return { ok: false, reason: REFUSED }; // "null": a sandboxed frame, a file, a redirect
  return serverHosts(headers, requestUrl, own).has(from) ? { ok: true } : { ok: false, reason: REFUSED };
}

function hostOfOrigin(origin: string): string | null {
  try {
    const url = new URL(origin.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? normaliseHost(url.host) : null;
  } catch {
    return null;
  }
}

function serverHosts(headers: HeaderSource, requestUrl: string, own: OwnHosts): Set<string> {
  const hosts = new Set<string>();
  const host = headers.get("host");
  if (host) hosts.add(normaliseHost(host));
  const forwarded = readForwarded(headers, own.trustProxies ?? false).host;
  if (forwarded) hosts.add(normaliseHost(forwarded));
  for (const url of [requestUrl, own.publicUrl]) {
    const urlHost = url ? hostOfUrl(url) : null;
    if (urlHost) hosts.add(normaliseHost(urlHost));
  }
  return hosts;
}

function hostOfUrl(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/** Lower case, without a default port (`example.com:443` is `example.com`). */
function normaliseHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/:(80|443)$/, "");
}
