// docs/guard.md#claude-code: the guard's hooks merged into a settings file and taken out again, exactly.
import { describe, expect, test } from "vitest";
import { addGuardHooks, GUARD_HOOK_EVENTS, removeGuardHooks } from "@/bin/cli/guard-install";

const CMD = "loopscope guard";

describe("guard install", () => {
  test("adds one hook per event, the tool events matching every tool, keeping everything else", () => {
    const before = { env: { A: "1" }, hooks: { Stop: [{ hooks: [{ type: "command", command: "say done" }] }] } };
    const after = addGuardHooks(before, CMD);
    expect(after.env).toEqual({ A: "1" });
    expect(Object.keys(after.hooks!).sort()).toEqual([...GUARD_HOOK_EVENTS].sort());
    expect(after.hooks!.Stop).toEqual([
      before.hooks.Stop[0],
      { hooks: [{ type: "command", command: CMD, timeout: 5 }] },
    ]);
    expect(after.hooks!.PreToolUse).toEqual([{ matcher: "*", hooks: [{ type: "command", command: CMD, timeout: 5 }] }]);
  });
  test("twice is once; uninstall gives back what was there, key for key", () => {
    const before = { hooks: { Stop: [{ hooks: [{ type: "command", command: "say done" }] }] }, model: "x" };
    const once = addGuardHooks(before, CMD);
    expect(addGuardHooks(once, CMD)).toEqual(once);
    expect(removeGuardHooks(once, CMD)).toEqual(before);
    expect(removeGuardHooks(addGuardHooks({}, CMD), CMD)).toEqual({});
  });
  test("uninstall leaves a hook of the same command that a person put in a group with others", () => {
    const mine = {
      matcher: "Bash",
      hooks: [
        { type: "command", command: "./check.sh" },
        { type: "command", command: CMD, timeout: 5 },
      ],
    };
    const removed = removeGuardHooks({ hooks: { PreToolUse: [mine] } }, CMD);
    expect(removed).toEqual({
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./check.sh" }] }] },
    });
  });
});
