// Where a sign-in may send the browser afterwards (docs/accounts.md#return-paths):
// the password page, the setup and SSO start → callback all ask this one
// function. A browser reads `//host`, `/\host` and, after it normalises the
// dots, `/..//host` or `/%2e%2e//host` as another site, so the answer is the
// path of the URL *after* normalisation, and only when it stays on this
// origin. Pure, O(length); it does not check that the page exists.

/** Where the browser goes when it came from nowhere (or from somewhere that is not this site). */
export const DEFAULT_RETURN_PATH = "/runs";
/** Longer return paths are not a page of ours; they would only swell the flow cookie. */
export const MAX_RETURN_PATH_CHARS = 2048;

// Never resolves in DNS (RFC 6761): only the origin comparison uses it.
const BASE = "http://loopscope.invalid";

const hasControlOrBackslash = (s: string) =>
  [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === "\\");

/** Percent-decoded, or null when the encoding is malformed. */
function decoded(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/** A path of the raw text that looks like a path: one `/`, then not a second `/` or a `\`. */
function looksLikeLocalPath(raw: string): boolean {
  if (raw.length > MAX_RETURN_PATH_CHARS || !raw.startsWith("/")) return false;
  if (raw.startsWith("//") || hasControlOrBackslash(raw)) return false;
  // An encoded `\`, control character or `//` turns into the real thing for a server that decodes once more.
  const plain = decoded(raw);
  return plain !== null && !plain.startsWith("//") && !hasControlOrBackslash(plain);
}

/**
 * A same-origin path (pathname, query, hash) to send the browser to after
 * sign-in; DEFAULT_RETURN_PATH for anything else: not a string, a scheme, a
 * protocol-relative or backslash path, one that normalises into `//…`, the
 * API, or the sign-in page itself (a loop).
 */
export function safeReturnPath(raw: unknown): string {
  if (typeof raw !== "string" || !looksLikeLocalPath(raw)) return DEFAULT_RETURN_PATH;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return DEFAULT_RETURN_PATH;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== BASE || !looksLikeLocalPath(path)) return DEFAULT_RETURN_PATH;
  const loops = /^\/(sign-in(\/|$)|api\/)/.test(url.pathname);
  return loops ? DEFAULT_RETURN_PATH : path;
}
