// POST/GET/PUT /api/v1/runs/{run_id}/guard on PGlite and Postgres
// (docs/guard.md): recorded Claude Code hooks of a session that repeats one
// failing command are refused once the identical-call rule tripped, in
// enforce mode only; the session is halted where the offline analysis of the
// stored run puts its verdict; a healthy session's hooks all continue; the
// state is the database's (a new handle decides the same); a bad record is a
// refused line, the rest kept; and a loop sent record by record through the
// guard gives the halt, trips and savings of its offline analysis.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { GET, POST, PUT } from "@/app/api/v1/runs/[runId]/guard/route";
import { getAnalysis } from "@/app/_server/analysis";
import type { GuardAnswer, GuardDecisionRow } from "@/lib/schemas/guard";
import { targets } from "./support/databases";
import { EXAMPLES } from "./support/ingest";
import { call, serveDatabase } from "./support/route";

const FIXTURES = new URL("../fixtures/guard/", import.meta.url);
const hooksOf = (name: string) =>
  readFileSync(new URL(name, FIXTURES), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { ts: string; hook: { hook_event_name: string; tool_name?: string } });

type Answer = { status: number; body: GuardAnswer & { error?: { code: string; message: string } } };

describe.each(targets)("guard API on $name", (target) => {
  const suite = serveDatabase(target);
  const post = (runId: string, body: unknown) =>
    call(
      POST,
      `/api/v1/runs/${runId}/guard`,
      { runId },
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      },
    ) as Promise<Answer>;
  const log = async (runId: string) =>
    (await call(GET, `/api/v1/runs/${runId}/guard`, { runId })).body as { mode: string; decisions: GuardDecisionRow[] };

  test("a permission breaker that opens is told once as a trip, never a halt: it does not stop the run", async () => {
    const runId = "r-denied";
    const denial = (i: number) => ({
      type: "event",
      event_id: `d${i}`,
      kind: "permission_denied",
      ts: 1_790_000_000 + i,
    });
    const first = await post(runId, { records: [0, 1, 2].map(denial), mode: "enforce", shape: "loop" });
    expect(first.status).toBe(200);
    const asked = await post(runId, {});
    const report = await getAnalysis(suite.db, runId);
    expect(report.verdict).toMatchObject({ tripped: true, breaker: "permission_breaker", iteration: null });
    expect(asked.body).toMatchObject({ decision: "continue", would: "continue", breaker: null });
    await post(runId, {});
    const trips = (await log(runId)).decisions.filter((d) => d.breaker === "permission_breaker");
    expect(trips).toEqual([expect.objectContaining({ decision: "trip", enforced: false })]);
    expect(trips[0]!.reason).toContain("the permission breaker opened");
  });

  test("a failing command repeated: observe mode records the refusal it would make and lets the call run", async () => {
    const runId = "cc-observe";
    const answers: { hook: string; a: GuardAnswer }[] = [];
    for (const { ts, hook } of hooksOf("failing-command-session.jsonl")) {
      const res = await post(runId, { ts, hook });
      expect(res.status).toBe(200);
      answers.push({ hook: hook.hook_event_name, a: res.body });
    }
    expect(answers.every(({ a }) => a.decision === "continue" && a.mode === "observe")).toBe(true);
    // The 5th identical failure trips the rule (repeat_calls 5): the 6th pytest, in the same turn, would be refused.
    const pytests = answers.filter(({ hook, a }) => hook === "PreToolUse" && a.state.turns === 0).slice(1);
    expect(pytests.map(({ a }) => a.would)).toEqual([
      "continue",
      "continue",
      "continue",
      "continue",
      "continue",
      "block_call",
    ]);
    expect(pytests[5]!.a).toMatchObject({
      breaker: "identical_calls",
      reason: "`pytest tests/test_auth.py` failed the same way 5 times among the last 10 calls; change approach",
    });
    const { decisions } = await log(runId);
    const report = await getAnalysis(suite.db, runId);
    const trips = decisions.filter((d) => d.decision === "trip");
    expect(trips.filter((d) => d.breaker === "identical_calls")).toHaveLength(report.repeated_calls.length);
    expect(trips.filter((d) => d.breaker === "tool_breaker")).toHaveLength(
      report.tool_breakers.reduce((n, b) => n + b.opened.length, 0),
    );
    // In a session the shell's breaker only logs its opening (guard_tool_breaker false in the session profile).
    expect(decisions.filter((d) => d.decision === "block_call").every((d) => d.breaker === "identical_calls")).toBe(
      true,
    );
    expect(decisions.every((d) => !d.enforced)).toBe(true);
  });

  test("the halt falls where the offline analysis of the stored session puts its verdict", async () => {
    const runId = "cc-observe";
    const report = await getAnalysis(suite.db, runId);
    expect(report.verdict.tripped).toBe(true);
    const { decisions } = await log(runId);
    const halts = decisions.filter((d) => d.decision === "halt");
    expect(halts).toHaveLength(1);
    expect(halts[0]!.breaker).toBe(report.verdict.breaker);
    // Five identical failures in turn 1 open the loop breaker there (repeated_call); the halt comes when
    // going on has cost the verdict's floor, one turn: at the Stop of turn 2.
    const halt = report.loop_breaker.would_have_halted_at!;
    expect(report.verdict.iteration).toBe(halt.iteration);
    expect(halts[0]!.reason).toContain(`iteration ${halt.iteration} (${halt.reason})`);
    const last = await post(runId, {});
    expect(last.body.would).toBe("halt");
    expect(last.body.would_save).toEqual(report.verdict.would_save);
  });

  test("in enforce mode the next identical call is denied and a halted session stays halted", async () => {
    const runId = "cc-enforce";
    let firstBlock: { i: number; a: GuardAnswer } | null = null;
    let firstHalt: number | null = null;
    const hooks = hooksOf("failing-command-session.jsonl");
    for (const [i, { ts, hook }] of hooks.entries()) {
      const res = await post(runId, { ts, hook, mode: "enforce" });
      if (res.body.decision === "block_call") firstBlock ??= { i, a: res.body };
      if (res.body.decision === "halt") firstHalt ??= i;
    }
    expect(firstBlock?.a.reason).toContain("pytest tests/test_auth.py");
    expect(hooks[firstBlock!.i]!.hook.hook_event_name).toBe("PreToolUse");
    expect(firstHalt).not.toBeNull();
    expect((await log(runId)).mode).toBe("enforce");
    expect(
      (
        await post(runId, {
          hook: { hook_event_name: "PreToolUse", session_id: "x", tool_name: "Read", tool_input: {} },
        })
      ).body.decision,
    ).toBe("halt");
  });

  test("a healthy session's hooks all answer continue, and nothing is logged", async () => {
    const runId = "cc-healthy";
    for (const { ts, hook } of hooksOf("healthy-session.jsonl")) {
      const res = await post(runId, { ts, hook, mode: "enforce" });
      expect({ hook: hook.hook_event_name, tool: hook.tool_name, would: res.body.would }).toMatchObject({
        would: "continue",
      });
    }
    expect((await log(runId)).decisions).toEqual([]);
    const report = await getAnalysis(suite.db, runId);
    expect(report.stagnation.iterations).toHaveLength(3);
  });

  test("a tool's breaker opened by fail_max failures in a row refuses that tool until its cooldown passed", async () => {
    const runId = "r-guard-tool";
    const t0 = Date.parse("2026-11-20T10:00:00Z") / 1000;
    const span = (i: number, ok: boolean) => ({
      type: "span",
      name: "http_get",
      t0: t0 + i,
      t1: t0 + i + 0.5,
      ok,
      error: ok ? "" : "503",
      input: { url: `https://x/${i}` },
    });
    const sent = await post(runId, { records: [span(0, false), span(1, false), span(2, false)] });
    expect(sent.body.stored).toMatchObject({ accepted: 3, rejected: 0 });
    const soon = await post(runId, { ts: t0 + 30, call: { name: "http_get", input: { url: "https://x/9" } } });
    expect(soon.body).toMatchObject({ would: "block_call", breaker: "tool_breaker" });
    expect((await post(runId, { ts: t0 + 30, call: { name: "other_tool" } })).body.would).toBe("continue");
    expect((await post(runId, { ts: t0 + 2.5 + 60, call: { name: "http_get", input: {} } })).body.would).toBe(
      "continue",
    );
  });

  test("a bad record is a refused line naming its field; the others are stored", async () => {
    const res = await post("r-guard-bad", {
      records: [
        { type: "span", name: "ok_tool", t0: 1770000000 },
        { type: "span", t0: "yesterday" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.stored.accepted).toBe(1);
    expect(res.body.stored.rejected).toBe(1);
    expect(res.body.stored.errors[0]).toMatchObject({ line: 2 });
    expect(res.body.stored.errors[0]!.message).toMatch(/name|t0/);
  });

  test("a body that is not the guard's shape is a 400 naming the field", async () => {
    const res = await post("r-guard-bad", { mode: "sometimes" });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toContain("mode");
  });

  test("PUT sets the mode; a run that does not exist is a 404", async () => {
    const put = (runId: string, mode: string) =>
      call(
        PUT,
        `/api/v1/runs/${runId}/guard`,
        { runId },
        {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ mode }),
        },
      );
    expect((await put("cc-healthy", "observe")).status).toBe(200);
    expect((await log("cc-healthy")).mode).toBe("observe");
    expect((await put("no-such-run", "enforce")).status).toBe(404);
  });

  test("a loop sent record by record gives the halt, trips and savings of its offline analysis", async () => {
    const runId = "r-stuck-loop";
    const lines = readFileSync(`${EXAMPLES}/stuck-loop.jsonl`, "utf8").trim().split("\n");
    for (const line of lines) expect((await post(runId, { records: [JSON.parse(line)] })).status).toBe(200);
    const report = await getAnalysis(suite.db, runId);
    const final = (await post(runId, {})).body;
    const { decisions } = await log(runId);
    const trips = decisions.filter((d) => d.decision === "trip");
    expect(trips.filter((t) => t.breaker === "tool_breaker")).toHaveLength(
      report.tool_breakers.reduce((n, b) => n + b.opened.length, 0),
    );
    expect(trips.filter((t) => t.breaker === "identical_calls")).toHaveLength(report.repeated_calls.length);
    // The verdict is the first stop in time (the three-layer trip at 2, before the loop breaker's halt at 11):
    // the guard, which cannot see ahead, halts there too, with the post-mortem's savings.
    expect(report.verdict).toMatchObject({ tripped: true, breaker: "layers", iteration: 2 });
    expect(final).toMatchObject({ would: "halt", breaker: "layers", would_save: report.verdict.would_save });
    const { halt } = (await call(GET, `/api/v1/runs/${runId}/guard`, { runId })).body as {
      halt: { breaker: string; iteration: number };
    };
    expect(halt).toMatchObject({ breaker: "layers", iteration: 2 });
  });
});
