// The group commit (lib/ingest/group-commit.ts): which jobs share a write, in
// what order, and who hears of a failure. The writes are held open by the test,
// so the order of events is the test's, never a timer's.
import { describe, expect, test } from "vitest";
import { createGroupCommit } from "@/lib/ingest/group-commit";

/** A writer whose writes wait until the test releases them; it records each group it was given. */
function heldWriter(maxWeight = 10) {
  const groups: number[][] = [];
  const releases: ((fail?: Error) => void)[] = [];
  const submit = createGroupCommit(
    (jobs: number[]) => {
      groups.push(jobs);
      return new Promise<string[]>((resolve, reject) =>
        releases.push((fail) => (fail ? reject(fail) : resolve(jobs.map((j) => `stored ${j}`)))),
      );
    },
    { maxWeight, weightOf: (job) => job },
  );
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  return { submit, groups, releases, tick };
}

describe("group commit", () => {
  test("a lone job is written at once; the jobs that arrive meanwhile are written next, together, in order", async () => {
    const { submit, groups, releases, tick } = heldWriter();
    const first = submit(1);
    await tick();
    expect(groups).toEqual([[1]]);
    const later = [submit(2), submit(3), submit(4)];
    await tick();
    expect(groups).toHaveLength(1); // they wait for the write in flight
    releases[0]!();
    expect(await first).toBe("stored 1");
    await tick();
    expect(groups).toEqual([[1], [2, 3, 4]]);
    releases[1]!();
    expect(await Promise.all(later)).toEqual(["stored 2", "stored 3", "stored 4"]);
  });

  test("a group holds at most maxWeight, but always one job however heavy", async () => {
    const { submit, groups, releases, tick } = heldWriter(10);
    const all = [submit(1), submit(4), submit(5), submit(2), submit(12), submit(3)];
    for (let i = 0; i < 5; i++) {
      await tick();
      releases[i]!();
    }
    await Promise.all(all);
    expect(groups).toEqual([[1], [4, 5], [2], [12], [3]]);
  });

  test("a failed write fails the jobs it held and no others; the next group is still written", async () => {
    const { submit, groups, releases, tick } = heldWriter();
    const first = submit(1);
    await tick();
    const held = [submit(2), submit(3)];
    releases[0]!(new Error("database gone"));
    await expect(first).rejects.toThrow("database gone");
    await tick();
    const after = submit(4);
    releases[1]!(new Error("still gone"));
    for (const p of held) await expect(p).rejects.toThrow("still gone");
    await tick();
    releases[2]!();
    expect(await after).toBe("stored 4");
    expect(groups).toEqual([[1], [2, 3], [4]]);
  });
});
