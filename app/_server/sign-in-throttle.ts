// Sign-in and setup throttling (docs/accounts.md#sign-in-throttling): before
// an attempt, every key it is counted under must be free to try (else 429
// too_many_attempts with Retry-After); an attempt that fails is counted under
// each key; a success clears the keys marked clearOnSuccess (the account's,
// never the address's: one good password must not wipe an address's record
// of trying many accounts). `nowMs` is an argument so tests need no clock.
import { getDb } from "@/db/client";
import { clearFailures, readFailures, recordFailure } from "@/db/sign-in-throttle";
import {
  ACCOUNT_THROTTLE,
  ADDRESS_THROTTLE,
  accountKey,
  addressKey,
  isLocked,
  retryAfterSeconds,
  waitMs,
  type ThrottlePolicy,
} from "@/lib/auth/throttle";
import { ApiError } from "@/lib/errors";
import { clientAddress } from "./client-address";

export type ThrottleKey = { key: string; policy: ThrottlePolicy; clearOnSuccess: boolean };

/** A password sign-in is counted under its email (known or not) and its client address. */
export function signInKeys(req: Request, email: string): ThrottleKey[] {
  return [
    { key: accountKey(email), policy: ACCOUNT_THROTTLE, clearOnSuccess: true },
    { key: addressKey(clientAddress(req)), policy: ADDRESS_THROTTLE, clearOnSuccess: false },
  ];
}

/** The first-admin setup is counted under its client address, apart from sign-in's. */
export function setupKeys(req: Request): ThrottleKey[] {
  return [{ key: `setup:${clientAddress(req)}`, policy: ADDRESS_THROTTLE, clearOnSuccess: false }];
}

/** The 429 of a key that must wait `ms`; Retry-After comes from details.retry_after_s. */
export function tooManyAttempts(ms: number): ApiError {
  const s = retryAfterSeconds(ms);
  return new ApiError("too_many_attempts", `too many failed attempts: retry in ${s} s`, { retry_after_s: s });
}

/** Run `attempt` under `keys`: refused while any must wait; its failures (`isFailure`) counted. */
export async function throttled<T>(
  keys: ThrottleKey[],
  attempt: () => Promise<T>,
  isFailure: (err: unknown) => boolean,
  nowMs: number = Date.now(),
): Promise<T> {
  const { db } = await getDb();
  const counts = await readFailures(
    db,
    keys.map((k) => k.key),
  );
  const wait = Math.max(0, ...keys.map((k) => waitMs(counts.get(k.key) ?? null, k.policy, nowMs)));
  if (wait > 0) throw tooManyAttempts(wait);
  let result: T;
  try {
    result = await attempt();
  } catch (err) {
    if (isFailure(err)) await Promise.all(keys.map((k) => recordFailure(db, k.key, nowMs, k.policy.windowMs)));
    throw err;
  }
  await Promise.all(keys.filter((k) => k.clearOnSuccess).map((k) => clearFailures(db, k.key)));
  return result;
}

/** A wrong email or password: what sign-in counts. */
export const isWrongCredentials = (err: unknown) => err instanceof ApiError && err.code === "unauthorized";

/** A refused setup (the admin exists, accounts are off): what setup counts. */
export const isRefusedSetup = (err: unknown) => err instanceof ApiError && err.code === "conflict";

/** The users whose account is locked now, each with when the lock ends (ISO): the admin page's Unlock buttons. */
export async function lockedUntilByUser(
  users: { user_id: string; email: string }[],
  nowMs: number = Date.now(),
): Promise<Record<string, string>> {
  const { db } = await getDb();
  const counts = await readFailures(
    db,
    users.map((u) => accountKey(u.email)),
  );
  const locked: Record<string, string> = {};
  for (const u of users) {
    const count = counts.get(accountKey(u.email)) ?? null;
    if (count && isLocked(count, ACCOUNT_THROTTLE, nowMs))
      locked[u.user_id] = new Date(count.lastFailureMs + ACCOUNT_THROTTLE.windowMs).toISOString();
  }
  return locked;
}
