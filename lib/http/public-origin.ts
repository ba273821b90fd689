// docs/accounts.md#public-url — the address links the server writes out start
// with (the post-mortem's "open the run", SSO redirect_uri, the settings
// page's curl and CLI examples). Never a request's Host alone: a forged Host
// would put an attacker's address into a report or an SSO redirect. In order:
// LOOPSCOPE_PUBLIC_URL; behind a trusted proxy, what the proxy forwards (its
// X-Forwarded-Host, else the Host it sent, with its X-Forwarded-Proto); else
// the address the server listens on, over http (`next start` has no TLS).
// Pure; O(header length).
import { readForwarded, validHost, type HeaderSource } from "./forwarded";

export type PublicOriginInputs = {
  /** LOOPSCOPE_PUBLIC_URL, when set. */
  publicUrl: string | undefined;
  /** LOOPSCOPE_TRUSTED_PROXIES is set: every request comes through a proxy that sets the X-Forwarded-* headers. */
  trustProxies: boolean;
  headers: HeaderSource;
  /** The server's own address: its listen host and port (a route's req.url, or HOST and PORT). */
  listenOrigin: string;
};

/** Addresses a server listens on that no browser can open: they stand for this machine. */
const WILDCARD_HOSTS = new Set(["0.0.0.0", "[::]", "::", ""]);

export function resolvePublicOrigin({ publicUrl, trustProxies, headers, listenOrigin }: PublicOriginInputs): string {
  if (publicUrl) return new URL(publicUrl).origin;
  const listen = listenHostOf(listenOrigin);
  if (!trustProxies) return `http://${listen}`;
  const forwarded = readForwarded(headers, true);
  const host = forwarded.host ?? validHost(headers.get("host")) ?? listen;
  return `${forwarded.proto ?? "http"}://${host}`;
}

/** The host and port of the listen address, a wildcard bind read as `localhost`. */
export function listenHostOf(listenOrigin: string): string {
  const url = new URL(listenOrigin);
  const hostname = WILDCARD_HOSTS.has(url.hostname) ? "localhost" : url.hostname;
  return url.port ? `${hostname}:${url.port}` : hostname;
}

/** `http://HOST:PORT`, a bracketed IPv6 HOST and no HOST read as `localhost`. */
export function listenOriginOf(host: string | undefined, port: number): string {
  const name =
    !host || WILDCARD_HOSTS.has(host) ? "localhost" : host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
