// lib/import-labels.ts: every format the ingest can detect has a readable
// name for the upload page and the CLI (docs/import.md).
import { expect, test } from "vitest";
import { FORMAT_LABELS, formatLabel } from "@/lib/import-labels";
import { IMPORT_FORMATS } from "@/lib/import/types";

test("every import format has its own label", () => {
  const labels = IMPORT_FORMATS.map((f) => FORMAT_LABELS[f]);
  expect(labels.every((l) => l.length > 0)).toBe(true);
  expect(new Set(labels).size).toBe(IMPORT_FORMATS.length);
});

test.each([
  ["claude-code-stream", "Claude Code headless (stream-json)"],
  ["openinference", "Phoenix / OpenInference spans"],
  ["iteration-log", "Loop-breaker iteration log"],
  ["loopscope", "Loopscope JSONL"],
])("%s reads as %s", (format, label) => {
  expect(formatLabel(format)).toBe(label);
});

test("a format this build does not know is shown by its name", () => {
  expect(formatLabel("zipkin")).toBe("zipkin");
});
