// docs/guard.md: the records a session's hooks make — a finished call's span with its start from PreToolUse,
// a turn's iteration with its errors and written files, numbered as the transcript importer numbers turns.
import { describe, expect, test } from "vitest";
import { DEFAULT_SETTINGS } from "@/lib/analysis/settings";
import { observeHook } from "@/lib/guard/hook-observation";
import { emptyGuardState, stepHook, stepRecords } from "@/lib/guard/step-guard";

const S = DEFAULT_SETTINGS;
const SEC = 1e6;
const hook = (hook_event_name: string, extra: Record<string, unknown> = {}) => ({
  session_id: "s",
  hook_event_name,
  ...extra,
});

describe("guard step", () => {
  test("a call's span starts at its PreToolUse and ends at its PostToolUse, in the open turn", () => {
    const state = emptyGuardState();
    stepHook(state, observeHook(hook("UserPromptSubmit"), 1 * SEC), "r", S);
    const call = { tool_name: "Edit", tool_use_id: "u1", tool_input: { file_path: "/a.py" } };
    expect(stepHook(state, observeHook(hook("PreToolUse", call), 2 * SEC), "r", S).records).toEqual([]);
    const { records } = stepHook(
      state,
      observeHook(hook("PostToolUse", { ...call, tool_response: "ok" }), 3 * SEC),
      "r",
      S,
    );
    expect(records).toEqual([
      expect.objectContaining({
        type: "span",
        span_id: "cc-u1",
        t0: "1970-01-01T00:00:02.000000Z",
        t1: "1970-01-01T00:00:03.000000Z",
        ok: true,
        iteration: 1,
        output: "ok",
      }),
    ]);
    expect(state.pending).toEqual({});
  });

  test("Stop ends the turn as iteration n with its failed calls' error lines and written files, and asks for the verdict", () => {
    const state = emptyGuardState();
    stepHook(state, observeHook(hook("UserPromptSubmit"), 1 * SEC), "r", S);
    stepHook(
      state,
      observeHook(
        hook("PostToolUseFailure", {
          tool_name: "Bash",
          tool_use_id: "b",
          tool_input: { command: "x" },
          error: "Exit code 2\nError: no such file",
        }),
        2 * SEC,
      ),
      "r",
      S,
    );
    stepHook(
      state,
      observeHook(
        hook("PostToolUse", {
          tool_name: "Write",
          tool_use_id: "w",
          tool_input: { file_path: "/b.py" },
          tool_response: {},
        }),
        3 * SEC,
      ),
      "r",
      S,
    );
    const end = stepHook(state, observeHook(hook("Stop"), 4 * SEC), "r", S);
    expect(end.judgeRun).toBe(true);
    expect(end.records).toEqual([
      expect.objectContaining({
        type: "iteration",
        n: 1,
        errors: ["Error: no such file"],
        files_modified: ["/b.py"],
        started_at: "1970-01-01T00:00:01.000000Z",
      }),
    ]);
    expect(state.turns).toBe(1);
  });

  test("a prompt while a turn is still open (its Stop never came) ends that turn first", () => {
    const state = emptyGuardState();
    stepHook(state, observeHook(hook("UserPromptSubmit"), 1 * SEC), "r", S);
    const next = stepHook(state, observeHook(hook("UserPromptSubmit"), 9 * SEC), "r", S);
    expect(next.records.map((r) => r.n)).toEqual([1]);
    expect(state.turnStartUs).toBe(9 * SEC);
  });

  test("records from a harness move the rules in t0 order and an iteration among them asks for the verdict", () => {
    const state = emptyGuardState();
    const span = (t: number) => ({ type: "span", name: "http_get", t0: t, t1: t + 0.1, ok: false, error: "503" });
    const step = stepRecords(
      state,
      [span(3), span(1), span(2), { type: "iteration", n: 1, ts: 4, run_id: "other" }],
      "r",
      S,
    );
    expect(step.trips.map((t) => t.breaker)).toEqual(["tool_breaker"]);
    expect(step.judgeRun).toBe(true);
    expect(step.records.map((r) => r.run_id)).toEqual(["r", "r", "r", "r"]); // the guard's run, whatever they named
  });
});
