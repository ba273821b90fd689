// GET /api/v1/runs/{run_id}/report.md on PGlite and Postgres: a Markdown
// download with the halt, the recommendations and the team's comments.
import { describe, expect, test } from "vitest";
import { addComment } from "@/db/comments";
import { GET } from "@/app/api/v1/runs/[runId]/report.md/route";
import { targets } from "./support/databases";
import { ingestFile, EXAMPLES } from "./support/ingest";
import { serveDatabase } from "./support/route";

describe.each(targets)("report.md on $name", (target) => {
  serveDatabase(target, async (db) => {
    await ingestFile(db, `${EXAMPLES}/stuck-loop.jsonl`);
    await addComment(db, "r-stuck-loop", { author: "ana", body: "raise the breaker on negative_window" });
  });
  const fetchReport = (runId: string) =>
    GET(new Request(`http://test.local/api/v1/runs/${runId}/report.md`), { params: Promise.resolve({ runId }) });

  test("stuck loop: a Markdown attachment with its first stop, the loop breaker's halt beside it, the recommendations and the comment", async () => {
    const res = await fetchReport("r-stuck-loop");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="postmortem-r-stuck-loop.md"');
    const text = await res.text();
    expect(text).toMatch(/^# Post-mortem: fix auth null deref/);
    // The verdict is the first stop in time: the three-layer trip at 2; the loop breaker's halt at 11 is listed beside it.
    expect(text).toContain(
      "would have stopped the run at iteration 2** (token layer 20824 / limit 10000 (task t-1), HIGH",
    );
    expect(text).toContain(
      "The loop breaker at iteration 11 (2026-02-03 10:16:24 UTC, negative_window) would halt the loop",
    );
    const recs = text.split("## Recommendations")[1]?.split("## Comments")[0];
    expect(recs).toContain("Enable a loop breaker on `negative_window`: it would have stopped the run at iteration 11");
    expect(recs).toContain("Add a circuit breaker to `http_get`");
    expect(text).toContain("## Where it would have stopped");
    expect(text).toMatch(/^- `tool:http_get` OPEN /m);
    expect(text).toContain("**ana**");
    expect(text).toContain("raise the breaker on negative_window");
  });

  test("an unknown run is a JSON 404", async () => {
    const res = await fetchReport("r-nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "not_found" } });
  });
});
