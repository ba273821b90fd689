// lib/upload-request.ts: what the upload page sends per file — one request per
// file naming the file and its modification time, and the upload's run and
// format only when the user chose them (docs/dashboard.md#upload).
import { describe, expect, test } from "vitest";
import { fileEndedAt, isImportFileName, prepareUploadRequest, suggestRunId, UPLOAD_ACCEPT } from "@/lib/upload-request";

const MODIFIED_MS = Date.UTC(2026, 2, 4, 10, 20, 0, 123);
const file = (name = "session.jsonl", lastModified = MODIFIED_MS) => ({ name, lastModified });

describe("prepareUploadRequest", () => {
  test("a detected upload sends the file's name and modification time, no run and no format", () => {
    const req = prepareUploadRequest(file(), { runId: null, format: null });
    expect(req.url).toBe("/api/v1/ingest?ended_at=2026-03-04T10%3A20%3A00.123Z");
    expect(req.headers).toEqual({
      "Content-Type": "application/x-ndjson",
      "X-Loopscope-Filename": "session.jsonl",
    });
  });

  test("One run and a forced format go with every file", () => {
    const choices = { runId: "loop 7/a", format: "claude-code-stream" } as const;
    for (const name of ["iter-1.jsonl", "iter-2.jsonl"]) {
      const params = new URL(prepareUploadRequest(file(name), choices).url, "http://x").searchParams;
      expect(Object.fromEntries(params)).toEqual({
        run_id: "loop 7/a",
        format: "claude-code-stream",
        ended_at: "2026-03-04T10:20:00.123Z",
      });
    }
  });

  test("a blank run id is no run id", () => {
    expect(prepareUploadRequest(file(), { runId: "  ", format: null }).url).not.toContain("run_id");
  });

  test("a file name that is not ASCII reaches the header percent-encoded", () => {
    expect(prepareUploadRequest(file("séance 1.md"), { runId: null, format: null }).headers).toMatchObject({
      "X-Loopscope-Filename": "s%C3%A9ance%201.md",
    });
  });

  test("a file without a modification time sends no ended_at", () => {
    expect(prepareUploadRequest(file("a.json", 0), { runId: null, format: null }).url).toBe("/api/v1/ingest");
  });
});

test.each([
  [MODIFIED_MS, "2026-03-04T10:20:00.123Z"],
  [0, null],
  [Number.NaN, null],
  [1e20, null],
])("fileEndedAt(%s) → %s", (ms, iso) => {
  expect(fileEndedAt(ms)).toBe(iso);
});

test.each([
  ["rollout-2026.jsonl", true],
  ["trace.json.gz", true],
  ["status.MD", true],
  ["spans.ndjson", true],
  ["notes.txt", false],
  [".jsonl", false],
  ["archive.tar.gz", false],
])("a file %s in a dropped folder is uploaded: %s", (name, uploaded) => {
  expect(isImportFileName(name)).toBe(uploaded);
});

test("the file input accepts each import extension plain and gzipped", () => {
  const accepted = UPLOAD_ACCEPT.split(",");
  for (const ext of [".jsonl", ".json", ".md", ".ndjson"])
    expect(accepted).toEqual(expect.arrayContaining([ext, `${ext}.gz`]));
});

test("the suggested run id names the minute One run was turned on (UTC)", () => {
  expect(suggestRunId(new Date(Date.UTC(2026, 0, 5, 7, 3, 59)))).toBe("loop-20260105-0703");
});
