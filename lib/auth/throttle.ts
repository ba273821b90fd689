// Sign-in throttling (docs/accounts.md#sign-in-throttling): how long a key —
// an account's email or a client address — must wait before its next
// password attempt, given its failures. Failures count while each comes
// within WINDOW of the one before; after `slowAfter` of them every further
// attempt waits 2^(n - slowAfter) s (capped at maxDelayMs) from the last
// failure; after `lockAfter` the key is locked until WINDOW after its last
// failure, when its count starts over. Pure and O(1): the failures are read
// and recorded by db/sign-in-throttle.ts, the clock is an argument.
// Deliberately no memory of successes: a success clears the account's key.

export type ThrottlePolicy = {
  /** Failures answered at once; the next one waits. */
  slowAfter: number;
  /** Failures after which the key is locked for windowMs. */
  lockAfter: number;
  /** A failure counts while it comes within this long of the previous one; also the lock's length. */
  windowMs: number;
  /** The longest wait between two attempts before the lock. */
  maxDelayMs: number;
};

const MINUTE_MS = 60_000;

/** Per account (normalised email): 5 free attempts, then slower, locked after 20. */
export const ACCOUNT_THROTTLE: ThrottlePolicy = {
  slowAfter: 5,
  lockAfter: 20,
  windowMs: 15 * MINUTE_MS,
  maxDelayMs: MINUTE_MS,
};

/**
 * Per client address: looser, since people behind one NAT or proxy share an
 * address, but it catches one address trying many accounts (password spraying).
 */
export const ADDRESS_THROTTLE: ThrottlePolicy = {
  slowAfter: 10,
  lockAfter: 50,
  windowMs: 15 * MINUTE_MS,
  maxDelayMs: MINUTE_MS,
};

/** What the store holds for a key. */
export type FailureCount = { failures: number; lastFailureMs: number };

/** Whether the count is past its window: the next failure starts from 1. */
export function isStale(count: FailureCount, p: ThrottlePolicy, nowMs: number): boolean {
  return nowMs - count.lastFailureMs >= p.windowMs;
}

/** Whether the key is locked now (not merely slowed down). */
export function isLocked(count: FailureCount | null, p: ThrottlePolicy, nowMs: number): boolean {
  return count !== null && !isStale(count, p, nowMs) && count.failures >= p.lockAfter;
}

/** Milliseconds until the key may try again; 0 when it may try now. */
export function waitMs(count: FailureCount | null, p: ThrottlePolicy, nowMs: number): number {
  if (count === null || isStale(count, p, nowMs) || count.failures < p.slowAfter) return 0;
  const delayMs =
    count.failures >= p.lockAfter ? p.windowMs : Math.min(1000 * 2 ** (count.failures - p.slowAfter), p.maxDelayMs);
  return Math.max(0, count.lastFailureMs + delayMs - nowMs);
}

/** The Retry-After of a wait: whole seconds, at least 1. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The store's key of an account: its email, trimmed and lowercased (as lib/schemas/auth.ts stores it). */
export function accountKey(email: string): string {
  return `account:${email.trim().toLowerCase()}`;
}

/** The store's key of a client address. */
export function addressKey(address: string): string {
  return `address:${address}`;
}
