// docs/api.md#cross-origin-requests and #post-mortem-report on PGlite and
// Postgres: a route that changes data refuses a browser page of another
// origin (a cross-site form posting text/plain JSONL, a comment, a settings
// change, a delete, an OTLP export) with 403, while the same request without
// Origin — curl, the CLI — works; and report.md shows a comment's <script>
// and a javascript: link as harmless text.
import { describe, expect, test } from "vitest";
import { POST as postIngest } from "@/app/api/v1/ingest/route";
import { DELETE as deleteRun } from "@/app/api/v1/runs/[runId]/route";
import { POST as postComment } from "@/app/api/v1/runs/[runId]/comments/route";
import { GET as getReport } from "@/app/api/v1/runs/[runId]/report.md/route";
import { PUT as putSettings } from "@/app/api/v1/settings/route";
import { addComment } from "@/db/comments";
import { getRun } from "@/db/runs";
import { targets } from "./support/databases";
import { ingestFile, ingestText, EXAMPLES } from "./support/ingest";
import { postOtlp } from "./support/otlp-http";
import { call, serveDatabase } from "./support/route";

const FOREIGN = { origin: "https://evil.example", host: "test.local" };
const SPAN = (runId: string) => `${JSON.stringify({ run_id: runId, name: "a", t0: 1, t1: 2 })}\n`;

const formPost = (runId: string, headers: Record<string, string>) =>
  call(
    postIngest,
    "/api/v1/ingest",
    {},
    {
      method: "POST",
      headers: { "content-type": "text/plain", ...headers },
      body: SPAN(runId),
    },
  );

describe.each(targets)("cross-origin requests on $name", (target) => {
  const suite = serveDatabase(target, (db) => ingestFile(db, `${EXAMPLES}/healthy-run.jsonl`));

  test("a cross-site text/plain post is refused with 403 and stores nothing", async () => {
    const res = await formPost("r-csrf", FOREIGN);
    expect(res).toMatchObject({ status: 403, body: { error: { code: "cross_origin" } } });
    expect(await getRun(suite.db, "r-csrf")).toBeNull();
  });

  test("the same text/plain post without Origin (curl, the CLI) or from this host is stored", async () => {
    expect(await formPost("r-curl", {})).toMatchObject({ status: 200, body: { accepted: 1 } });
    const own = await formPost("r-own-page", { origin: "http://test.local", host: "test.local" });
    expect(own).toMatchObject({ status: 200, body: { accepted: 1 } });
  });

  test("comments, settings and deletes from another origin are refused before anything changes", async () => {
    const json = { "content-type": "text/plain", ...FOREIGN };
    const runId = "r-healthy";
    const comment = await call(
      postComment,
      `/api/v1/runs/${runId}/comments`,
      { runId },
      {
        method: "POST",
        headers: json,
        body: JSON.stringify({ author: "mallory", body: "hi" }),
      },
    );
    const settings = await call(putSettings, "/api/v1/settings", {}, { method: "PUT", headers: json, body: "{}" });
    const removal = await call(deleteRun, `/api/v1/runs/${runId}`, { runId }, { method: "DELETE", headers: FOREIGN });
    expect([comment.status, settings.status, removal.status]).toEqual([403, 403, 403]);
    expect(await getRun(suite.db, runId)).not.toBeNull();
  });

  test("an OTLP export from a browser page of another origin is a 403 Status", async () => {
    const body = new TextEncoder().encode(JSON.stringify({ resourceSpans: [] }));
    const res = await postOtlp("traces", body, { "content-type": "application/json", ...FOREIGN });
    expect(res).toMatchObject({ status: 403, body: { code: 7 } });
  });
});

describe.each(targets)("report.md escaping on $name", (target) => {
  serveDatabase(target, async (db) => {
    await ingestText(db, SPAN("r-xss").replace('"name":"a"', '"name":"<img src=x onerror=alert(1)>"'));
    await addComment(db, "r-xss", {
      author: "<b>mallory</b>",
      body: 'see <script>alert("x")</script> and [details](javascript:alert(document.cookie))\n# not a heading',
    });
  });

  test("a comment's HTML and script link, and a tool's HTML name, come out as plain text", async () => {
    const res = await getReport(new Request("http://test.local/api/v1/runs/r-xss/report.md"), {
      params: Promise.resolve({ runId: "r-xss" }),
    });
    const text = await res.text();
    expect(text).not.toMatch(/<script|<img|<b>|javascript:/i);
    expect(text).toContain("- **&lt;b&gt;mallory&lt;/b&gt;**");
    expect(text).toContain('see &lt;script&gt;alert("x")&lt;/script&gt; and details\n  \\# not a heading');
    expect(text).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});
