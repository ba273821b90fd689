// docs/guard.md#what-it-decides: the guard's state is the database's. Two
// handles on one Postgres database (two replicas) deciding for one run at
// once lose no step — every call is in the window, the repeat is told once —
// and a handle opened afresh (a restart) refuses the next identical call as
// the first would have; an embedded database reopened from its directory too.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { connectPostgres, openDatabase, type Db } from "@/db/client";
import { listGuardDecisions, readGuard } from "@/db/guard";
import { openTempDatabase } from "@/db/temp-database";
import { decideGuard } from "@/app/_server/guard";
import { POSTGRES_SKIPPED } from "./support/databases";

const OPTS = { nowUs: 1_790_000_100 * 1e6, keepStoredRuns: false, origin: "http://test.local" };
const failing = (i: number) => ({
  hook: {
    hook_event_name: "PostToolUseFailure",
    session_id: "s",
    tool_name: "Bash",
    tool_use_id: `toolu_${i}`,
    tool_input: { command: "pytest tests/test_auth.py" },
    error: "Exit code 1\nFAILED test_login - AssertionError",
  },
  ts: 1_790_000_000 + i,
});
const next = {
  hook: {
    hook_event_name: "PreToolUse",
    session_id: "s",
    tool_name: "Bash",
    tool_input: { command: "pytest tests/test_auth.py" },
  },
};

async function expectRefused(db: Db, runId: string) {
  const answer = await decideGuard(db, runId, { ...next, mode: "enforce" }, OPTS);
  expect(answer).toMatchObject({ decision: "block_call", breaker: "identical_calls" });
}

test.skipIf(POSTGRES_SKIPPED)(
  "two replicas deciding at once lose no step, and a restarted one decides the same",
  async () => {
    const temp = await openTempDatabase(process.env.TEST_DATABASE_URL!, "guard_replicas");
    const other = await connectPostgres(temp.url);
    try {
      const runId = "cc-s";
      await decideGuard(temp.db, runId, failing(0), OPTS); // makes the run
      // Eight failures at once, four through each replica.
      await Promise.all(
        [1, 2, 3, 4, 5, 6, 7, 8].map((i) => decideGuard(i % 2 ? temp.db : other.db, runId, failing(i), OPTS)),
      );
      const state = (await readGuard(temp.db, runId))!.state!;
      expect(state.window).toHaveLength(9);
      const trips = (await listGuardDecisions(temp.db, runId)).filter(
        (d) => d.decision === "trip" && d.breaker === "identical_calls",
      );
      expect(trips).toHaveLength(1);
      await other.close();
      const restarted = await connectPostgres(temp.url);
      try {
        await expectRefused(restarted.db, runId);
      } finally {
        await restarted.close();
      }
    } finally {
      await temp.close();
    }
  },
);

test("the embedded database reopened from its directory keeps the guard's state", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "loopscope-guard-"));
  try {
    const first = await openDatabase({ dataDir: path.join(dir, "data") });
    for (const i of [0, 1, 2, 3, 4]) await decideGuard(first.db, "cc-s", failing(i), OPTS);
    await first.close();
    const again = await openDatabase({ dataDir: path.join(dir, "data") });
    try {
      await expectRefused(again.db, "cc-s");
    } finally {
      await again.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
