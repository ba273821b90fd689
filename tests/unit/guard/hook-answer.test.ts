// docs/guard.md#claude-code: Claude Code's hook output for each decision, and the hook cut to what the server keeps.
import { describe, expect, test } from "vitest";
import { hookOutput, trimHook } from "@/lib/guard/hook-answer";
import { observeHook } from "@/lib/guard/hook-observation";

const base = { session_id: "s", tool_name: "Bash", tool_input: { command: "ls" }, tool_use_id: "t1" };

describe("hook answer", () => {
  test("continue prints nothing", () => {
    expect(hookOutput("PreToolUse", "continue", null)).toBeNull();
  });
  test("a refused call is a PreToolUse deny whose reason Claude is shown", () => {
    expect(hookOutput("PreToolUse", "block_call", "x failed")).toEqual({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "Loopscope guard: x failed",
      },
    });
    expect(hookOutput("PostToolUse", "block_call", "x")).toBeNull(); // nothing left to refuse
  });
  test("a halt stops Claude after any hook, and denies the call of a PreToolUse", () => {
    expect(hookOutput("Stop", "halt", "stuck")).toEqual({ continue: false, stopReason: "Loopscope guard: stuck" });
    expect(hookOutput("PreToolUse", "halt", "stuck")).toMatchObject({
      continue: false,
      hookSpecificOutput: { permissionDecision: "deny" },
    });
  });
  test("a long tool answer is sent as its head, and the server keeps the same head of it", () => {
    const stdout = "y".repeat(50_000);
    const hook = { ...base, hook_event_name: "PostToolUse", tool_response: { stdout, stderr: "", interrupted: false } };
    const trimmed = trimHook(hook);
    expect(JSON.stringify(trimmed).length).toBeLessThan(5_000);
    const full = observeHook(hook, 1);
    const cut = observeHook(trimmed as typeof hook, 1);
    expect(cut).toEqual(full);
  });
});

describe("hook observation", () => {
  test("each event is read as what happened", () => {
    expect(observeHook({ ...base, hook_event_name: "PreToolUse" }, 5)).toMatchObject({
      kind: "before_call",
      id: "t1",
      tsUs: 5,
    });
    expect(
      observeHook({ ...base, hook_event_name: "PostToolUseFailure", error: "Exit code 1\nError: boom" }, 7),
    ).toMatchObject({ kind: "after_call", ok: false, error: "Error: boom", t1Us: 7 });
    expect(observeHook({ ...base, hook_event_name: "UserPromptSubmit", prompt: "hi" }, 1).kind).toBe("turn_start");
    expect(observeHook({ ...base, hook_event_name: "Stop" }, 1).kind).toBe("turn_end");
    expect(observeHook({ ...base, hook_event_name: "SomeEventAddedLater" }, 1).kind).toBe("check");
  });
  test("an interrupted call is a failure that says so", () => {
    const o = observeHook({ ...base, hook_event_name: "PostToolUseFailure", error: "x", is_interrupt: true }, 1);
    expect(o).toMatchObject({ ok: false, error: "interrupted by the user" });
  });
});
