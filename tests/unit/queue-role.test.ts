// LOOPSCOPE_ROLE (docs/scaling.md#analysis-queue): parsed with the rest of the
// environment, and what each role does with the job queue on each database.
import { describe, expect, test } from "vitest";
import { planQueue } from "@/app/_server/queue-start";
import { EnvError, readEnv } from "@/lib/env";

describe("LOOPSCOPE_ROLE", () => {
  test("defaults to all; an empty value counts as unset", () => {
    expect(readEnv({}).LOOPSCOPE_ROLE).toBe("all");
    expect(readEnv({ LOOPSCOPE_ROLE: " " }).LOOPSCOPE_ROLE).toBe("all");
  });

  test.each(["web", "worker", "all"] as const)("%s is accepted", (role) => {
    expect(readEnv({ LOOPSCOPE_ROLE: ` ${role} ` }).LOOPSCOPE_ROLE).toBe(role);
  });

  test("another value stops the start, naming the variable", () => {
    expect(() => readEnv({ LOOPSCOPE_ROLE: "both" })).toThrow(EnvError);
    expect(() => readEnv({ LOOPSCOPE_ROLE: "both" })).toThrow(/LOOPSCOPE_ROLE/);
  });
});

describe("planQueue", () => {
  test.each([
    ["postgres", "all", "work"],
    ["postgres", "worker", "work"],
    ["postgres", "web", "enqueue"],
    ["pglite", "all", "none"],
    ["pglite", "web", "none"],
    ["pglite", "worker", "none"],
  ] as const)("on %s, role %s: %s", (kind, role, plan) => {
    expect(planQueue(kind, role)).toBe(plan);
  });
});
