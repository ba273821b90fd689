// GET /api/v1/runs/{run_id}/conversation on PGlite and Postgres: a run of two
// prompted turns comes back as the pane beside the timeline draws it — the
// turns with their prompts and start times, the reply, the Edit as a diff —
// valid against the response schema and without the search's input strings;
// an unknown run is a 404.
import { describe, expect, test } from "vitest";
import { GET } from "@/app/api/v1/runs/[runId]/conversation/route";
import { ConversationResponse } from "@/lib/schemas/conversation";
import { targets } from "./support/databases";
import { ingestText } from "./support/ingest";
import { call, serveDatabase } from "./support/route";

const RUN = "r-conversation-api";
const T0 = 1_772_442_000; // 2026-03-02T09:00:00Z
const LINES = [
  { type: "run", run_id: RUN, started_at: T0 },
  { type: "iteration", run_id: RUN, n: 1, ts: T0 + 10, prompt: "Fix the total" },
  { type: "iteration", run_id: RUN, n: 2, ts: T0 + 20, prompt: "Now the currency", started_at: "2026-03-02T09:00:12Z" },
  {
    type: "span",
    run_id: RUN,
    span_id: "m1",
    name: "claude",
    kind: "llm",
    t0: T0 + 1,
    t1: T0 + 2,
    iteration: 1,
    output: "Looking.",
  },
  {
    type: "span",
    run_id: RUN,
    span_id: "e1",
    name: "Edit",
    t0: T0 + 3,
    t1: T0 + 4,
    iteration: 1,
    input: { file_path: "a.ts", old_string: "x = 1", new_string: "x = 2" },
  },
  {
    type: "span",
    run_id: RUN,
    span_id: "b2",
    name: "Bash",
    t0: T0 + 13,
    t1: T0 + 14,
    iteration: 2,
    input: { command: "npm test" },
  },
]
  .map((r) => JSON.stringify(r))
  .join("\n");

describe.each(targets)("conversation API on $name", (target) => {
  serveDatabase(target, (db) => ingestText(db, LINES));
  const get = (id: string) => call(GET, `/api/v1/runs/${encodeURIComponent(id)}/conversation`, { runId: id });

  test("the run's turns with their prompts and calls, the Edit as a diff, no input strings", async () => {
    const res = await get(RUN);
    expect(res.status).toBe(200);
    const body = ConversationResponse.parse(res.body);
    expect(body.run_id).toBe(RUN);
    const turns = body.conversation.turns;
    expect(turns.map((t) => [t.anchor, t.prompt, t.atUs, t.items.map((i) => i.spanId)])).toEqual([
      ["turn-1", "Fix the total", T0 * 1e6, ["m1", "e1"]],
      ["turn-2", "Now the currency", (T0 + 12) * 1e6, ["b2"]],
    ]);
    const edit = turns[0]!.items[1]!;
    expect(edit.type === "tool" && edit.diff?.blocks[0]?.lines.map((l) => l.op)).toEqual(["del", "add"]);
    expect(JSON.stringify(res.body)).not.toContain("inputText");
  });

  test("an unknown run is a 404", async () => {
    expect((await get("r-nope")).status).toBe(404);
  });
});
