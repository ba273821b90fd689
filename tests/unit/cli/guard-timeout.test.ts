// bin/cli/guard-command.ts timeoutOf (docs/guard.md#claude-code): a tool's hook holds the
// session up, so it waits little; a turn's or the session's end reads the run's analysis
// and holds up no tool, so it waits longer; --timeout-ms overrides both.
import { describe, expect, test } from "vitest";
import { DEFAULT_GUARD_TIMEOUT_MS, DEFAULT_TURN_TIMEOUT_MS, timeoutOf } from "@/bin/cli/guard-command";

describe("how long a hook waits for the server", () => {
  test.each(["PreToolUse", "PostToolUse", "PostToolUseFailure"])("%s: the tool's short wait", (event) => {
    expect(timeoutOf({ timeoutMs: null }, event)).toBe(DEFAULT_GUARD_TIMEOUT_MS);
  });

  test.each(["Stop", "SubagentStop", "UserPromptSubmit", "SessionStart", "SessionEnd"])(
    "%s: the turn's longer wait",
    (event) => {
      expect(timeoutOf({ timeoutMs: null }, event)).toBe(DEFAULT_TURN_TIMEOUT_MS);
    },
  );

  test("guard check waits as a turn does; --timeout-ms overrides every kind", () => {
    expect(timeoutOf({ timeoutMs: null }, null)).toBe(DEFAULT_TURN_TIMEOUT_MS);
    expect(timeoutOf({ timeoutMs: 250 }, "Stop")).toBe(250);
    expect(timeoutOf({ timeoutMs: 250 }, "PreToolUse")).toBe(250);
    expect(DEFAULT_GUARD_TIMEOUT_MS).toBeLessThan(DEFAULT_TURN_TIMEOUT_MS);
  });
});
