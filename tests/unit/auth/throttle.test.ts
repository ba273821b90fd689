import { describe, expect, test } from "vitest";
import {
  ACCOUNT_THROTTLE,
  ADDRESS_THROTTLE,
  accountKey,
  isLocked,
  retryAfterSeconds,
  waitMs,
  type FailureCount,
} from "@/lib/auth/throttle";
import { addressFromForwardedFor } from "@/lib/auth/throttle-address";

const T = 1_000_000_000;
const S = 1000;
const MIN = 60 * S;
const count = (failures: number, lastFailureMs = T): FailureCount => ({ failures, lastFailureMs });

describe("the account throttle (5 free, then 2^(n-5) s up to 60 s, locked 15 min after 20)", () => {
  test.each([
    // failures, ms since the last one, wait left
    [0, 0, 0],
    [4, 0, 0],
    [5, 0, 1 * S],
    [5, 400, 600],
    [5, 1 * S, 0],
    [6, 0, 2 * S],
    [10, 0, 32 * S],
    [11, 0, 60 * S],
    [19, 0, 60 * S],
    [20, 0, 15 * MIN],
    [20, 14 * MIN, 1 * MIN],
    [20, 15 * MIN, 0],
    [50, 15 * MIN, 0],
  ])("%i failures, the last %i ms ago: wait %i ms", (failures, agoMs, expected) => {
    expect(waitMs(count(failures), ACCOUNT_THROTTLE, T + agoMs)).toBe(expected);
  });

  test("a key without failures never waits", () => {
    expect(waitMs(null, ACCOUNT_THROTTLE, T)).toBe(0);
  });

  test("only 20 failures within the window lock; 19 slow down", () => {
    expect(isLocked(count(19), ACCOUNT_THROTTLE, T)).toBe(false);
    expect(isLocked(count(20), ACCOUNT_THROTTLE, T + 14 * MIN)).toBe(true);
    expect(isLocked(count(20), ACCOUNT_THROTTLE, T + 15 * MIN)).toBe(false);
  });

  test("the address throttle is looser: 10 free, locked after 50", () => {
    expect(waitMs(count(9), ADDRESS_THROTTLE, T)).toBe(0);
    expect(waitMs(count(10), ADDRESS_THROTTLE, T)).toBe(1 * S);
    expect(isLocked(count(50), ADDRESS_THROTTLE, T)).toBe(true);
  });

  test.each([
    [1, 1],
    [1000, 1],
    [1001, 2],
    [15 * MIN, 900],
  ])("Retry-After of %i ms is %i s (whole seconds, at least 1)", (ms, s) => {
    expect(retryAfterSeconds(ms)).toBe(s);
  });

  test("an account's key is its email in one case, so ADA@ and ada@ share a count", () => {
    expect(accountKey(" ADA@Example.test")).toBe(accountKey("ada@example.test"));
  });
});

describe("the client address of X-Forwarded-For", () => {
  test.each([
    [null, "unknown"],
    ["", "unknown"],
    ["203.0.113.7", "203.0.113.7"],
    // the client's own claim first, the address the proxy saw last
    ["1.2.3.4, 203.0.113.7", "203.0.113.7"],
    ["::ffff:192.0.2.1", "192.0.2.1"],
    ["2001:DB8::1", "2001:db8::1"],
    ["<script>", "unknown"],
    ["1".repeat(65), "unknown"],
  ])("%j → %s", (header, address) => {
    expect(addressFromForwardedFor(header)).toBe(address);
  });
});
