// The failure store of docs/accounts.md#sign-in-throttling on PGlite and
// Postgres: one atomic upsert per failure (concurrent failures all count),
// a count past its window starts over, the maintenance purge.
import { describe, expect, test } from "vitest";
import { clearFailures, purgeFailures, readFailures, recordFailure } from "@/db/sign-in-throttle";
import { openForSuite, targets } from "./support/databases";

const MIN = 60_000;
const WINDOW_MS = 15 * MIN;
const T0 = Date.parse("2026-03-01T12:00:00Z");

describe.each(targets)("the sign-in failure store on $name", (target) => {
  const suite = openForSuite(target);

  test("ten failures sent at once all count: the upsert is atomic", async () => {
    await Promise.all(Array.from({ length: 10 }, () => recordFailure(suite.db, "account:race", T0, WINDOW_MS)));
    expect((await readFailures(suite.db, ["account:race"])).get("account:race")).toEqual({
      failures: 10,
      lastFailureMs: T0,
    });
  });

  test("a failure a whole window after the last one starts the count over", async () => {
    await recordFailure(suite.db, "account:window", T0, WINDOW_MS);
    expect((await recordFailure(suite.db, "account:window", T0 + WINDOW_MS - 1, WINDOW_MS)).failures).toBe(2);
    const restarted = await recordFailure(suite.db, "account:window", T0 + 2 * WINDOW_MS, WINDOW_MS);
    expect(restarted).toEqual({ failures: 1, lastFailureMs: T0 + 2 * WINDOW_MS });
  });

  test("a cleared key reads as no failures, and clearing it again says it had none", async () => {
    await recordFailure(suite.db, "address:192.0.2.9", T0, WINDOW_MS);
    expect(await clearFailures(suite.db, "address:192.0.2.9")).toBe(true);
    expect(await readFailures(suite.db, ["address:192.0.2.9"])).toEqual(new Map());
    expect(await clearFailures(suite.db, "address:192.0.2.9")).toBe(false);
  });

  test("the purge deletes only counts whose last failure is a window old", async () => {
    const now = T0 + 10 * WINDOW_MS;
    await recordFailure(suite.db, "account:old", now - WINDOW_MS - 1, WINDOW_MS);
    await recordFailure(suite.db, "account:fresh", now - WINDOW_MS + 1, WINDOW_MS);
    await purgeFailures(suite.db, now, WINDOW_MS);
    const left = await readFailures(suite.db, ["account:old", "account:fresh"]);
    expect([...left.keys()]).toEqual(["account:fresh"]);
  });
});
