// The timeline's first page (db/timeline.ts) on both database targets, for
// its turn rows (docs/dashboard.md#rows-by-turn): every span carries its
// iteration (-1 for none), the run its shape, and each iteration a label —
// a turn's prompt, else its first shell call's command; a step's command,
// else its prompt — one line cut at a word, null when it has neither.
import { describe, expect, test } from "vitest";
import { getTimelinePage } from "@/db/timeline";
import { TURN_LABEL_CHARS } from "@/lib/timeline/turn-labels";
import { TimelineQuery } from "@/lib/timeline/wire";
import { openForSuite, targets } from "./support/databases";
import { ingestText } from "./support/ingest";

const T0 = 1_772_442_000; // 2026-03-02T09:00:00Z
const LONG = `Format the prices\nwith two decimals ${"and the currency ".repeat(20)}`;
const span = (run: string, id: string, t: number, extra: Record<string, unknown> = {}) => ({
  type: "span",
  run_id: run,
  span_id: id,
  name: "Bash",
  kind: "tool",
  t0: T0 + t,
  t1: T0 + t + 1,
  ...extra,
});

// Session (interactive): turn 1 prompted (long), turn 2 not — its first shell call labels it; one span names no turn.
// Steps (autonomous): step 1 has the task as prompt and runs `ls`; step 2 runs an argv; step 3 runs nothing.
const LINES = [
  { type: "run", run_id: "session", started_at: T0, shape: "interactive" },
  { type: "iteration", run_id: "session", n: 1, ts: T0 + 10, prompt: LONG },
  { type: "iteration", run_id: "session", n: 2, ts: T0 + 20 },
  span("session", "s1", 1, { name: "Read", iteration: 1, input: { file_path: "a.py" } }),
  span("session", "s2", 12, { name: "Read", iteration: 2, input: { file_path: "b.py" } }),
  span("session", "s3", 13, { iteration: 2, input: { command: "pytest -x", description: "tests" } }),
  span("session", "s4", 14, { iteration: 2, input: { command: "ls" } }),
  span("session", "loose", 15),
  { type: "run", run_id: "steps", started_at: T0, shape: "autonomous" },
  { type: "iteration", run_id: "steps", n: 1, ts: T0 + 10, prompt: "Solve issue 42" },
  { type: "iteration", run_id: "steps", n: 2, ts: T0 + 20 },
  { type: "iteration", run_id: "steps", n: 3, ts: T0 + 30 },
  span("steps", "c1", 1, { iteration: 1, input: { command: "ls -la" } }),
  span("steps", "c2", 11, { iteration: 2, input: { command: ["bash", "-lc", "make test"] } }),
  span("steps", "m3", 21, { name: "model", kind: "llm", iteration: 3 }),
]
  .map((r) => JSON.stringify(r))
  .join("\n");

describe.each(targets)("the timeline's turns on $name", (target) => {
  const h = openForSuite(target, (handle) => ingestText(handle.db, LINES));
  const first = (run: string) => getTimelinePage(h.db, run, TimelineQuery.parse({}));

  test("each span carries its iteration, -1 for none", async () => {
    const page = await first("session");
    const byId = Object.fromEntries(page!.spans.ids.map((id, i) => [id, page!.spans.iteration[i]]));
    expect(byId).toEqual({ s1: 1, s2: 2, s3: 2, s4: 2, loose: -1 });
  });

  test("a turn reads its prompt as one line cut at a word, else its first shell call's command", async () => {
    const run = (await first("session"))!.run!;
    expect(run.shape).toBe("interactive");
    const [one, two] = run.iterations;
    expect(one!.label!.length).toBeLessThanOrEqual(TURN_LABEL_CHARS);
    expect(one!.label).toMatch(/^Format the prices with two decimals and the currency .*…$/);
    expect(two!.label).toBe("pytest -x");
  });

  test("a step reads its command (an argv's script), else its prompt, else nothing", async () => {
    const run = (await first("steps"))!.run!;
    expect(run.shape).toBe("autonomous");
    expect(run.iterations.map((it) => it.label)).toEqual(["ls -la", "make test", null]);
  });

  test("a later page carries the iteration column too", async () => {
    const one = await getTimelinePage(h.db, "session", TimelineQuery.parse({ limit: 2 }));
    const next = await getTimelinePage(h.db, "session", TimelineQuery.parse({ limit: 5, cursor: one!.next_cursor! }));
    expect(next!.run).toBeUndefined();
    expect(next!.spans.iteration).toEqual([2, 2, -1]);
  });
});
