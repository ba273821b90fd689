// docs/accounts.md#trusted-proxies — what a request says about itself through
// a proxy: X-Forwarded-Proto, X-Forwarded-Host and X-Forwarded-For. Any client
// can send these headers, so they are read only when the server is configured
// to sit behind a proxy that sets them (LOOPSCOPE_TRUSTED_PROXIES=*). A route
// handler of `next start` never sees the socket's peer address (Next fills
// X-Forwarded-For with it only when the request has none), so "behind a
// trusted proxy" is a setting, not a per-request check. Pure; O(header length).

/** What is read of a request's headers (a `Headers` fits). */
export type HeaderSource = { get(name: string): string | null };

/** The proxy's word about the request; null where it said nothing usable, or is not trusted. */
export type Forwarded = { proto: "http" | "https" | null; host: string | null; for: string | null };

const NOTHING: Forwarded = { proto: null, host: null, for: null };
/** A host as a Host header may name it: a name or IPv4 with a port, or a bracketed IPv6. */
const HOST_RE = /^[\w.-]+(:\d{1,5})?$|^\[[\da-f:.]+\](:\d{1,5})?$/i;
const ADDRESS_RE = /^[\da-f.:]{2,64}$/i;

/** A Host-like value when it is one (no path, no user, no spaces), else null. */
export function validHost(value: string | null | undefined): string | null {
  const host = value?.trim();
  return host && HOST_RE.test(host) ? host : null;
}

/**
 * The forwarded proto, host and client address — only when `trusted`. Each
 * header's first entry is the outermost proxy's (the one the browser reached);
 * X-Forwarded-For's last entry is the client the nearest proxy saw.
 */
export function readForwarded(headers: HeaderSource, trusted: boolean): Forwarded {
  if (!trusted) return NOTHING;
  const proto = firstEntry(headers.get("x-forwarded-proto"))?.toLowerCase();
  const address = headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
  return {
    proto: proto === "http" || proto === "https" ? proto : null,
    host: validHost(firstEntry(headers.get("x-forwarded-host"))),
    for: address && ADDRESS_RE.test(address) ? address.toLowerCase() : null,
  };
}

function firstEntry(value: string | null): string | undefined {
  return value?.split(",")[0]?.trim();
}
