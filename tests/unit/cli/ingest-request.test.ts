// What `loopscope ingest` sends for a file and prints for its answer.
import { describe, expect, test } from "vitest";
import {
  authRefusalMessage,
  buildIngestUrl,
  contentTypeFor,
  notSentMessage,
  summaryLine,
  type Outcome,
} from "@/bin/cli/ingest-command";
import { parseFormat } from "@/bin/cli/main";
import type { IngestResponse } from "@/lib/schemas/ingest-api";

describe("the ingest request", () => {
  test("run, forced format and the file's end go in the query; absent ones are left out", () => {
    const url = buildIngestUrl("http://localhost:3000", {
      runId: "loop 7",
      format: "claude-code-stream",
      endedAt: "2026-03-04T10:20:00.250000Z",
    });
    expect(url.pathname).toBe("/api/v1/ingest");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      run_id: "loop 7",
      format: "claude-code-stream",
      ended_at: "2026-03-04T10:20:00.250000Z",
    });
    expect(buildIngestUrl("http://h:1/", {}).href).toBe("http://h:1/api/v1/ingest");
  });

  test("`loopscope watch` marks its sends live=1; ingest sends none", () => {
    expect(buildIngestUrl("http://h:1", { live: true }).search).toBe("?live=1");
    expect(buildIngestUrl("http://h:1", { live: false }).search).toBe("");
  });

  test.each([
    ["trace.json", "application/json"],
    ["trace.JSON.gz", "application/json"],
    ["session.jsonl", "application/x-ndjson"],
    ["run.jsonl.gz", "application/x-ndjson"],
    ["log.md", "application/x-ndjson"],
    ["anything.txt", "application/x-ndjson"],
  ])("%s is sent as %s", (file, type) => {
    expect(contentTypeFor(file)).toBe(type);
  });
});

describe("--format", () => {
  test("a known format is taken, none means detect", () => {
    expect(parseFormat("otlp-json")).toBe("otlp-json");
    expect(parseFormat(undefined)).toBeUndefined();
  });

  test("an unknown format is a usage error listing every format", () => {
    expect(() => parseFormat("claude")).toThrow(
      '--format must be one of loopscope, claude-code, claude-code-stream, codex, openai-agents, langfuse, jaeger, openinference, otlp-json, iteration-log, mini-swe-agent, swe-agent, openai-chat, gemini-cli; got "claude"',
    );
  });
});

describe("the summary line", () => {
  const body = (over: Partial<IngestResponse>): Partial<IngestResponse> => ({
    accepted: 120,
    rejected: 0,
    skipped: 14,
    runs: ["cc-abc"],
    format: "claude-code",
    ...over,
  });

  test("names the detected format and the lines skipped on purpose", () => {
    expect(summaryLine("session.jsonl", body({}))).toBe(
      "session.jsonl (claude-code): 120 accepted, 0 rejected, 14 skipped → run cc-abc",
    );
  });

  test("an error's partial result has no format: the line goes without it", () => {
    expect(summaryLine("bad.jsonl", body({ format: undefined, accepted: 0, rejected: 3, skipped: 0, runs: [] }))).toBe(
      "bad.jsonl: 0 accepted, 3 rejected, 0 skipped → no run",
    );
  });

  test("one run is a run, two are runs", () => {
    expect(summaryLine("a.jsonl", body({ format: "loopscope", skipped: 0, runs: ["r-1", "r-2"] }))).toBe(
      "a.jsonl (loopscope): 120 accepted, 0 rejected, 0 skipped → runs r-1, r-2",
    );
  });
});

describe("a refused key", () => {
  const URL_ = "https://loopscope.example.com";
  const refused = (status: number, message: string): Outcome => ({ file: "a.jsonl", ok: false, status, message });
  const STOPPED = notSentMessage(3);

  test("without a key: says a key is needed, to log in, and where an admin makes one", () => {
    expect(authRefusalMessage(refused(401, "sign in, or send an API key"), { url: URL_ }, STOPPED)).toBe(
      "loopscope: the server at https://loopscope.example.com needs an API key (401), and none was sent. " +
        "Run `loopscope login --url https://loopscope.example.com` with a key that has the ingest scope " +
        "(or set LOOPSCOPE_API_KEY, or pass --api-key); " +
        "an admin creates one on https://loopscope.example.com/admin. Stopped: 3 files not sent.",
    );
  });

  test.each([
    ["flag", "from --api-key", "Pass --api-key a key with the ingest scope, or leave it out and run `loopscope login"],
    ["env", "from LOOPSCOPE_API_KEY", "Set LOOPSCOPE_API_KEY to a key with the ingest scope, or unset it and run"],
    [
      "stored",
      "stored for https://loopscope.example.com by `loopscope login`",
      "Run `loopscope login --url https://loopscope.example.com` with a key",
    ],
  ] as const)("a refused key %s: the message says where it came from and the fix for that", (source, from, fix) => {
    const message = authRefusalMessage(
      refused(401, "the API key is unknown or revoked"),
      { url: URL_, apiKey: "k", apiKeySource: source },
      STOPPED,
    );
    expect(message).toContain(`refused the API key ${from} (401: the API key is unknown or revoked). ${fix}`);
  });

  test("a key without the ingest scope says the server's reason; the tail says what is not sent", () => {
    const unknown = authRefusalMessage(
      refused(401, "the API key is unknown or revoked"),
      { url: URL_, apiKey: "k" },
      notSentMessage(1),
    );
    expect(unknown).toMatch(
      /^loopscope: the server at \S+ refused the API key \(401: the API key is unknown or revoked\)\./,
    );
    expect(unknown).toContain("Stopped: 1 file not sent.");
    const scope = authRefusalMessage(
      refused(403, "key:k1 may not ingest"),
      { url: URL_, apiKey: "k", apiKeySource: "env" },
      STOPPED,
    );
    expect(scope).toContain("refused the API key from LOOPSCOPE_API_KEY for uploads (403: key:k1 may not ingest)");
  });
});
