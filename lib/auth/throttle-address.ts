// The client address of a sign-in attempt (docs/accounts.md#sign-in-throttling),
// read from X-Forwarded-For. Route handlers never see the socket: `next start`
// puts the peer's address there when the request has no such header, and a
// proxy in front appends the address it saw. So the last entry is the one
// the nearest hop vouches for; entries before it are the client's own claim.
// A client talking to `next start` directly can still send its own header,
// which is why the account key, not the address key, is the one that holds.

const MAX_ADDRESS_CHARS = 64;

/** The last entry of an X-Forwarded-For value, normalised; "unknown" when there is none or it is not an address. */
export function addressFromForwardedFor(header: string | null): string {
  const last = header?.split(",").at(-1)?.trim().toLowerCase() ?? "";
  const address = last.startsWith("::ffff:") && last.includes(".") ? last.slice("::ffff:".length) : last;
  if (address.length === 0 || address.length > MAX_ADDRESS_CHARS || !/^[\da-f.:]+$/.test(address)) return "unknown";
  return address;
}
