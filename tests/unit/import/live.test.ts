// docs/import.md#watching-a-live-session: a file still being written
// (`?live=1`) keeps back the tool calls of its current turn that have no
// result yet. Spans are stored once per id (the first one wins), so a call
// flushed as "no result (interrupted)" would stay failed when its result came.
//
//   Claude Code  … 19 Bash (pytest) | 20 its result ✓ | 21 answer | 22 next prompt …
//   Codex        … 20 shell (pytest) | 21 token_count | 22 its output ✓ … | 27 next prompt …
//   cut after the call: live → no span; the whole file afterwards → the call ok.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { claudeCodeImporter } from "@/lib/import/claude-code";
import { codexImporter } from "@/lib/import/codex";
import type { Importer } from "@/lib/import/types";
import type { StoredSpan } from "@/lib/schemas/records";
import { importFixture } from "@/tests/support/import";

const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures/import");
const CC_LINES = readFileSync(path.join(FIXTURES, "claude-code/session-fix-dates.jsonl"), "utf8").trimEnd().split("\n");
const CODEX_FILE = "rollout-2025-10-14T09-12-03-0199e1a4-3c2b-7d10-9f4e-5a6b7c8d9e01.jsonl";
const CODEX_LINES = readFileSync(path.join(FIXTURES, "codex", CODEX_FILE), "utf8")
  .trimEnd()
  .split("\n");

/** Lines `from`..`to` (1-based, inclusive) of a fixture, as a file. */
const linesOf = (lines: string[], from: number, to: number) => lines.slice(from - 1, to).join("\n") + "\n";

type Upload = { text: string; live: boolean };

/** Each upload in order into one store where a span id, once stored, stays (as in the database). */
async function storeInOrder(importer: Importer, uploads: Upload[]): Promise<Map<string, StoredSpan>> {
  const stored = new Map<string, StoredSpan>();
  for (const { text, live } of uploads) {
    const { records, errors } = await importFixture(importer, text, { live });
    expect(errors).toEqual([]);
    for (const r of records)
      if (r.type === "span" && !stored.has(`${r.runId}/${r.spanId}`)) stored.set(`${r.runId}/${r.spanId}`, r);
  }
  return stored;
}

const callOf = (spans: Map<string, StoredSpan>, sourceId: string) =>
  [...spans.values()].find((s) => s.kind === "tool" && s.meta.source_id === sourceId);

const cases = [
  {
    format: "claude-code",
    importer: claudeCodeImporter,
    lines: CC_LINES,
    call: "toolu_01Bash2",
    cutAfter: 19,
    nextPrompt: 22,
  },
  {
    format: "codex",
    importer: codexImporter,
    lines: CODEX_LINES,
    call: "call_Tn6Bv1Cx8Zq5Ws2A",
    cutAfter: 20,
    nextPrompt: 27,
  },
];

describe.each(cases)("a live $format file", ({ importer, lines, call, cutAfter, nextPrompt }) => {
  const cut = linesOf(lines, 1, cutAfter);
  const whole = linesOf(lines, 1, lines.length);

  test("a call still waiting for its result at the end of a live file has no span", async () => {
    const spans = await storeInOrder(importer, [{ text: cut, live: true }]);
    expect(callOf(spans, call)).toBeUndefined();
    expect(spans.size).toBeGreaterThan(0);
  });

  test("the same file completed and imported after gives the call as ok", async () => {
    const spans = await storeInOrder(importer, [
      { text: cut, live: true },
      { text: whole, live: true },
    ]);
    expect(callOf(spans, call)).toMatchObject({ ok: true, error: "" });
  });

  test("imported as a finished file, the cut call fails, and that span stays when the result comes", async () => {
    const spans = await storeInOrder(importer, [
      { text: cut, live: false },
      { text: whole, live: false },
    ]);
    expect(callOf(spans, call)).toMatchObject({ ok: false, error: "no result (interrupted)" });
  });

  test("a call of an earlier turn that never got its result fails even in a live file", async () => {
    const text = linesOf(lines, 1, cutAfter) + linesOf(lines, nextPrompt, nextPrompt);
    const spans = await storeInOrder(importer, [{ text, live: true }]);
    expect(callOf(spans, call)).toMatchObject({ ok: false, error: "no result (interrupted)" });
  });
});
