// The client address the sign-in throttle keys on (docs/accounts.md#sign-in-throttling):
// the last X-Forwarded-For entry, which `next start` or the proxy in front sets.
import { addressFromForwardedFor } from "@/lib/auth/throttle-address";

export function clientAddress(req: Request): string {
  return addressFromForwardedFor(req.headers.get("x-forwarded-for"));
}
