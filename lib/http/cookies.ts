// One cookie's value out of a request's Cookie header (RFC 6265: `name=value`
// pairs split by `;`). The value is returned as sent, `=` included; callers
// that percent-encode their value decode it with decodeCookieValue, which
// takes a malformed encoding for no value: a browser's cookie is anyone's
// text, never a reason for a 500. Pure, O(header length).

/** The value of cookie `name` in a Cookie header, or null when it is absent. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  for (const part of cookieHeader?.split(";") ?? []) {
    const [key, ...value] = part.trim().split("=");
    if (key === name && value.length > 0) return value.join("=");
  }
  return null;
}

/** A percent-encoded cookie value decoded, or null when its encoding is malformed (`%`, `%E0%A4%A`). */
export function decodeCookieValue(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
