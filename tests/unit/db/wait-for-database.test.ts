// db/wait-for-database.ts: at start the database is tried until it answers,
// with a growing pause (1 s, 2 s, 4 s … at most 30 s) and one log line per
// failed attempt naming the failure (its code), never a stack.
import { describe, expect, test } from "vitest";
import type { DbHandle } from "@/db/client";
import { describeFailure, waitForDatabase } from "@/db/wait-for-database";

const HANDLE = { kind: "postgres" } as DbHandle;
const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

/** An `open` that fails `failures` times, then answers. */
function flaky(failures: number) {
  let calls = 0;
  return {
    open: async () => {
      calls += 1;
      if (calls <= failures) throw refused();
      return HANDLE;
    },
    calls: () => calls,
  };
}

describe("waitForDatabase", () => {
  test("retries with a doubling pause, capped at 30 s, logging each failed attempt", async () => {
    const db = flaky(7);
    const log: string[] = [];
    const sleeps: number[] = [];
    const handle = await waitForDatabase({
      open: db.open,
      log: (line) => log.push(line),
      sleep: async (ms) => void sleeps.push(ms),
    });
    expect(handle).toBe(HANDLE);
    expect(db.calls()).toBe(8);
    expect(sleeps).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(log).toHaveLength(7);
    expect(log[0]).toBe(
      "loopscope: the database is not ready (attempt 1: ECONNREFUSED connect ECONNREFUSED 127.0.0.1:5432); retrying in 1 s",
    );
  });

  test("a failure the start already saw is attempt 1: the next try waits first", async () => {
    const db = flaky(0);
    const log: string[] = [];
    const sleeps: number[] = [];
    await waitForDatabase({
      failedFirst: refused(),
      open: db.open,
      log: (line) => log.push(line),
      sleep: async (ms) => void sleeps.push(ms),
    });
    expect([db.calls(), sleeps, log.length]).toEqual([1, [1000], 1]);
  });
});

describe("describeFailure", () => {
  test("a wrapped failure (drizzle's failed query) is described by its root cause", () => {
    const err = new Error('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"', { cause: refused() });
    expect(describeFailure(err)).toBe("ECONNREFUSED connect ECONNREFUSED 127.0.0.1:5432");
  });

  test("a refused connection to several addresses (an AggregateError without a message) shows its code", () => {
    const err = Object.assign(new AggregateError([refused(), refused()], ""), { code: "ECONNREFUSED" });
    expect(describeFailure(err)).toMatch(/^ECONNREFUSED Error: connect ECONNREFUSED/);
  });
});
