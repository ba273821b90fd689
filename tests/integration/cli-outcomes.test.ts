// `loopscope ingest DIR --outcomes FILE` against the real routes behind a real
// HTTP server (docs/import.md#outcomes-from-a-grader): each entry finds its
// run by id, by the file it came from or by its labels; the outcomes file is
// not uploaded, nor is another outcomes list the walk finds; an entry that
// matches nothing is named; a bad outcomes file stops before anything is sent.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { POST as ingest } from "@/app/api/v1/ingest/route";
import { GET as getRunRoute } from "@/app/api/v1/runs/[runId]/route";
import { GET as getOutcome, PUT as putOutcome } from "@/app/api/v1/runs/[runId]/outcome/route";
import { main } from "@/bin/cli/main";
import { targets } from "./support/databases";
import { serveDatabase } from "./support/route";

const T = "2026-03-01T10:00:00Z";
/** No LOOPSCOPE_API_KEY or LOOPSCOPE_URL of the machine's: the test names the server. */
const NO_ENV = {} as NodeJS.ProcessEnv;
const jsonl = (...records: object[]) => records.map((r) => JSON.stringify(r)).join("\n");

describe.each(targets)("loopscope ingest --outcomes on $name", (target) => {
  serveDatabase(target);
  let dir: string;
  let server: Server;
  let url: string;
  const paths: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "loopscope-cli-outcomes-"));
    const file = (name: string, text: string) => writeFileSync(path.join(dir, name), text);
    file("a.jsonl", jsonl({ type: "span", run_id: "r-a", name: "bash", t0: T, t1: T }));
    file("b.jsonl", jsonl({ type: "span", run_id: "r-b", name: "bash", t0: T, t1: T }));
    const tau = (task: number) => ({ type: "run", run_id: `r-task-${task}`, labels: { task_id: task, trial: 0 } });
    file("c.jsonl", jsonl(tau(7), tau(8)));
    file("grades.json", JSON.stringify([{ task_id: 99, success: true }]));
    file(
      "outcomes.json",
      JSON.stringify([
        { run: "r-a", file: "a.jsonl", success: true },
        { file: "b.jsonl", success: false },
        { task_id: 7, trial: 0, success: true },
        { task_id: 8, trial: 0, success: false },
        { run: "r-missing", success: true },
      ]),
    );
    server = createServer((req, res) => void forward(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  /** The ingest, run and outcome routes behind one server; every path is noted. */
  async function forward(req: IncomingMessage, res: ServerResponse) {
    const target = new URL(req.url ?? "/", url);
    paths.push(`${req.method} ${target.pathname}`);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const body = req.method === "GET" ? undefined : (Readable.toWeb(req) as ReadableStream<Uint8Array>);
    const request = new Request(target, { method: req.method, headers, body, duplex: "half" } as RequestInit);
    const m = /^\/api\/v1\/runs\/([^/]+)(\/outcome)?$/.exec(target.pathname);
    const params = { params: Promise.resolve({ runId: decodeURIComponent(m?.[1] ?? "") }) };
    const response = !m
      ? await ingest(request)
      : m[2]
        ? await (req.method === "PUT" ? putOutcome : getOutcome)(request, params)
        : await getRunRoute(request, params);
    res.writeHead(response.status, { "content-type": "application/json" });
    res.end(Buffer.from(await response.arrayBuffer()));
  }

  const outcomeOf = async (runId: string) => {
    const res = await getOutcome(new Request(`${url}/api/v1/runs/${runId}/outcome`), {
      params: Promise.resolve({ runId }),
    });
    return ((await res.json()) as { outcome: { status: string; source: string } | null }).outcome;
  };

  test("each entry finds its run by id, by file or by labels; the outcomes files are not uploaded", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const code = await main(["ingest", dir, "--url", url, "--outcomes", path.join(dir, "outcomes.json")], NO_ENV);
      expect(code).toBe(0);
      const printed = log.mock.calls.map((c) => String(c[0])).join("\n");
      expect(printed).toContain("outcomes (outcomes.json): 4 set — 2 successes, 2 failures; 1 matched no run");
      expect(printed).toContain('no run for {"run":"r-missing"}');
      expect(printed).toContain("grades.json: an outcomes file, not runs — not uploaded (pass it with --outcomes)");
    } finally {
      log.mockRestore();
    }
    expect(paths.filter((p) => p === "POST /api/v1/ingest")).toHaveLength(3);
    expect(await outcomeOf("r-a")).toMatchObject({ status: "success", source: "api" });
    expect(await outcomeOf("r-b")).toMatchObject({ status: "failure", source: "api" });
    expect(await outcomeOf("r-task-7")).toMatchObject({ status: "success" });
    expect(await outcomeOf("r-task-8")).toMatchObject({ status: "failure" });
  });

  test("an outcomes file that is not one stops before anything is sent: exit 1 naming the entry", async () => {
    writeFileSync(path.join(dir, "bad-outcomes.json"), JSON.stringify([{ run: "r-a", success: "yes" }]));
    const err = vi.spyOn(console, "error").mockImplementation(() => {});
    const before = paths.length;
    try {
      const code = await main(["ingest", dir, "--url", url, "--outcomes", path.join(dir, "bad-outcomes.json")], NO_ENV);
      expect(code).toBe(1);
      expect(String(err.mock.calls[0]?.[0])).toContain('entry 1: field "success": expected true or false');
    } finally {
      err.mockRestore();
    }
    expect(paths.length).toBe(before);
  });
});
