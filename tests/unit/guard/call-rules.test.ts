// docs/guard.md#what-it-decides: the live guard's per-call rules on plain state — the analysis's own tool
// breaker step and identical-calls key, a refused call that moves nothing, and a window that forgets.
import { describe, expect, test } from "vitest";
import { startRepeatScan } from "@/lib/analysis/repeated-calls";
import { DEFAULT_SETTINGS } from "@/lib/analysis/settings";
import { startToolBreaker } from "@/lib/analysis/tool-breaker";
import { judgeCall, openRules, recordCall, type FinishedCall } from "@/lib/guard/call-rules";
import { emptyGuardState } from "@/lib/guard/step-guard";
import { GuardState } from "@/lib/schemas/guard";

const S = {
  ...DEFAULT_SETTINGS,
  fail_max: 3,
  cool_s: 60,
  repeat_calls: 5,
  repeat_window: 10,
  repeat_key: "input" as const,
};
const SEC = 1e6;
const call = (t: number, over: Partial<FinishedCall> = {}): FinishedCall => ({
  name: "Bash",
  input: { command: "pytest" },
  t0Us: t * SEC,
  t1Us: t * SEC + 0.5 * SEC,
  ok: false,
  output: "1 failed",
  ...over,
});

describe("tool breaker, live", () => {
  test("opens at the fail_max-th failure in a row and refuses the tool until the cooldown has passed", () => {
    const state = emptyGuardState();
    expect(recordCall(state, call(0, { input: { command: "a" } }), S)).toEqual([]);
    recordCall(state, call(1, { input: { command: "b" } }), S);
    const trips = recordCall(state, call(2, { input: { command: "c" } }), S);
    expect(trips).toEqual([{ breaker: "tool_breaker", reason: "Bash failed 3 times in a row: its breaker opened" }]); // guard_tool_breaker on
    expect(judgeCall(state, "Bash", { command: "d" }, 30 * SEC, S)?.breaker).toBe("tool_breaker");
    expect(judgeCall(state, "Read", { file_path: "x" }, 30 * SEC, S)).toBeNull();
    expect(judgeCall(state, "Bash", { command: "d" }, 62.5 * SEC, S)).toBeNull();
  });

  test("with guard_tool_breaker off the opening is reported, the tool never refused", () => {
    const state = emptyGuardState();
    const off = { ...S, guard_tool_breaker: false };
    for (const t of [0, 1, 2]) recordCall(state, call(t, { input: { command: `c${t}` } }), off);
    expect(judgeCall(state, "Bash", { command: "d" }, 3 * SEC, off)).toBeNull();
    expect(openRules(state, 3 * SEC, off).tools).toEqual(["Bash"]);
  });

  test("opens exactly where the offline replay opens, over the same calls", () => {
    const calls = [0, 1, 2, 3, 70, 71, 72, 73, 200].map((t, i) => call(t, { ok: i === 3 || i === 8 }));
    const state = emptyGuardState();
    const replay = startToolBreaker(S);
    const live = calls.flatMap((c) => (judgeCall(state, c.name, null, c.t0Us, S) ? [] : recordCall(state, c, S)));
    for (const c of calls) replay.step({ spanId: "x", ...c });
    expect(live.filter((t) => t.breaker === "tool_breaker" && !t.kind)).toHaveLength(
      replay.finish("Bash")!.opened.length,
    );
    // The success at 200 s, after the cooldown of the second opening (72.5 s), is the tool working again.
    expect(live.filter((t) => t.kind === "recover")).toHaveLength(1);
  });
});

describe("identical calls, live", () => {
  test("the repeat_calls-th identical call trips the rule once; the next identical call is refused with the reason", () => {
    const state = emptyGuardState();
    const ok = { ok: true, output: "same" };
    const trips = [0, 1, 2, 3, 4].flatMap((t) => recordCall(state, call(t * 100, ok), S));
    expect(trips).toEqual([
      {
        breaker: "identical_calls",
        reason: "`pytest` returned the same result 5 times among the last 10 calls; change approach",
      },
    ]);
    expect(judgeCall(state, "Bash", { command: "pytest" }, 500 * SEC, S)?.breaker).toBe("identical_calls");
    expect(judgeCall(state, "Bash", { command: "pytest -x" }, 500 * SEC, S)).toBeNull();
    expect(recordCall(state, call(600, ok), S)).toEqual([]); // told once
  });

  test("with repeat_key input_output a new result is progress: the same command with new output is no repeat", () => {
    const state = emptyGuardState();
    const io = { ...S, repeat_key: "input_output" as const };
    for (const t of [0, 1, 2, 3, 4]) recordCall(state, call(t * 100, { ok: true, output: `run ${t}` }), io);
    expect(judgeCall(state, "Bash", { command: "pytest" }, 500 * SEC, io)).toBeNull();
  });

  test("the calls leave the window as others run, and the call is allowed again", () => {
    const state = emptyGuardState();
    for (const t of [0, 1, 2, 3, 4]) recordCall(state, call(t * 100), S);
    expect(judgeCall(state, "Bash", { command: "pytest" }, 500 * SEC, S)).not.toBeNull();
    for (let i = 0; i < 6; i++)
      recordCall(state, call(600 + i * 100, { name: "Read", input: { file_path: `f${i}` }, ok: true }), S);
    expect(judgeCall(state, "Bash", { command: "pytest" }, 2000 * SEC, S)).toBeNull();
  });

  test("trips where the offline scan first reports the key", () => {
    const calls = [0, 1, 2, 3, 4, 5, 6].map((t) =>
      call(t * 100, { input: { command: t % 2 ? "a" : "b" }, ok: true, output: "x" }),
    );
    const state = emptyGuardState();
    const live = calls.flatMap((c) => recordCall(state, c, { ...S, repeat_calls: 3 }));
    const scan = startRepeatScan([], 0, { ...S, repeat_calls: 3 });
    for (const c of calls) scan.step({ ...c, iteration: null });
    expect(live.filter((t) => t.breaker === "identical_calls")).toHaveLength(scan.finish().repeated.length);
  });

  test("the state stays storable: no NUL in it, whatever the input, and it reads back through its schema", () => {
    const state = emptyGuardState();
    recordCall(state, call(0, { name: "to\u0000ol", input: { command: "x\u0000y" } }), S);
    const text = JSON.stringify(state);
    expect(text).not.toContain("\\u0000");
    expect(GuardState.safeParse(JSON.parse(text)).success).toBe(true);
  });
});

test("a lone surrogate in a tool's name or input is repaired in the state and in the reasons: jsonb refuses it", () => {
  const state = emptyGuardState();
  const s = { ...S, fail_max: 1 };
  const trips = recordCall(state, call(0, { name: "to\ud800ol", input: { command: "x\udc00y" } }), s);
  const text = JSON.stringify({ state, trips });
  expect(text).not.toMatch(/\\ud[89a-f][0-9a-f]{2}/i);
});
