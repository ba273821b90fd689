// docs/api.md#ingest: the answer's `stored` counts the records that added a row
// not there before, read from the database write itself — every span on the
// COPY path, the rows an INSERT … ON CONFLICT DO NOTHING really inserted on the
// general one, a run or task record when it created its row. So a file uploaded
// again says `stored: 0` while `accepted` repeats, and a file that grew says
// how much it grew by. Through POST /api/v1/ingest on both databases.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { POST } from "@/app/api/v1/ingest/route";
import { targets } from "./support/databases";
import { EXAMPLES } from "./support/ingest";
import { call, serveDatabase } from "./support/route";

const upload = (body: string) =>
  call(POST, "/api/v1/ingest", {}, { method: "POST", headers: { "content-type": "application/x-ndjson" }, body });

const span = (id: string, t0: number) =>
  JSON.stringify({ type: "span", run_id: "r-grow", span_id: id, name: "read_file", t0, duration_ms: 5 });

describe.each(targets)("ingest answer's stored count on $name", (target) => {
  serveDatabase(target);

  test("a first upload stores every accepted record; the same file again stores 0", async () => {
    const text = readFileSync(`${EXAMPLES}/stuck-loop.jsonl`, "utf8");
    const first = await upload(text);
    expect(first.status).toBe(200);
    expect(first.body.stored).toBe(first.body.accepted);
    const again = await upload(text);
    expect(again.body).toMatchObject({ accepted: first.body.accepted, stored: 0 });
  });

  test("a file that grew stores only its new records (the general INSERT path counts what it inserted)", async () => {
    const head = [
      JSON.stringify({ type: "run", run_id: "r-grow", name: "grow" }),
      span("a", 1),
      span("b", 2),
      JSON.stringify({ type: "iteration", run_id: "r-grow", n: 1, ts: 3 }),
      JSON.stringify({ type: "task", run_id: "r-grow", task_id: "t1", title: "x" }),
    ];
    expect((await upload(head.join("\n"))).body).toMatchObject({ accepted: 5, stored: 5 });
    const grown = [
      ...head,
      span("c", 4),
      JSON.stringify({ type: "iteration", run_id: "r-grow", n: 2, ts: 5 }),
      JSON.stringify({ type: "task", run_id: "r-grow", task_id: "t2" }),
    ];
    expect((await upload(grown.join("\n"))).body).toMatchObject({ accepted: 8, stored: 3 });
  });
});
