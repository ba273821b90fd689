// docs/import.md#detection: how a file's items reach the ingest pipeline —
// per line or per document, with the importer's rejections, skips and the
// upload's run; Loopscope JSONL goes through unchanged.
import { gzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { isProvisional } from "@/lib/import/place-iterations";
import type { Importer, JsonItem } from "@/lib/import/types";
import { importFixture } from "@/tests/support/import";

/** A toy format: `{"step": n}` → a span; `{"noise": …}` skipped; anything else rejected; each file one session turn. */
const toyImporter: Importer = {
  format: "codex",
  input: "json",
  create: () => {
    let last = 0;
    return {
      *push({ lineNo, value }: JsonItem) {
        const v = value as Record<string, unknown>;
        if (Array.isArray(v.steps)) {
          for (const [i, step] of v.steps.entries()) yield* this.push({ lineNo: i + 1, value: { step } });
        } else if (typeof v.step === "number") {
          last = v.step;
          yield { lineNo, record: { type: "span", run_id: "toy", span_id: `s${v.step}`, name: "step", t0: v.step } };
        } else if ("noise" in v) yield { lineNo, skipped: true as const };
        else yield { lineNo, error: 'expected "step"' };
      },
      *end() {
        yield { lineNo: 0, record: { type: "iteration", run_id: "toy", n: 1, ts: last, source_key: "toy#1" } };
      },
    };
  },
};

const lines = (...values: unknown[]) => values.map((v) => JSON.stringify(v)).join("\n");

describe("openImport with an importer", () => {
  test("each line is mapped; bad JSON and the importer's rejections carry their line numbers", async () => {
    const text = lines({ step: 1 }, { noise: true }, { what: 1 }) + "\n{not json\n\n" + lines({ step: 2 });
    const r = await importFixture(toyImporter, text);
    expect(r.records.filter((x) => x.type === "span").map((x) => x.type === "span" && x.spanId)).toEqual(["s1", "s2"]);
    expect(r.skipped).toBe(1);
    expect(r.errors).toEqual([
      { line: 3, message: 'expected "step"' },
      { line: 4, message: expect.stringMatching(/^not valid JSON/) },
    ]);
  });

  test("a pretty-printed document is fed once; gzip is unpacked whatever the name", async () => {
    const doc = JSON.stringify({ steps: [1, 2, 3] }, null, 2);
    const r = await importFixture(toyImporter, gzipSync(doc));
    expect(r.records.filter((x) => x.type === "span")).toHaveLength(3);
  });

  test("the upload's run id wins over the importer's", async () => {
    const r = await importFixture(toyImporter, lines({ step: 1 }), { runId: "named" });
    expect(new Set(r.records.map((x) => x.runId))).toEqual(new Set(["named"]));
  });

  test("a transcript iteration is stored under a provisional number, then placed", async () => {
    const r = await importFixture(toyImporter, lines({ step: 1 }));
    const iterations = r.records.filter((x) => x.type === "iteration");
    expect(iterations.map((x) => x.type === "iteration" && x.n)).toEqual([1]);
    expect(iterations.every((x) => x.type === "iteration" && !isProvisional(x.n))).toBe(true);
  });

  test("a document that is not valid JSON is one rejected line", async () => {
    const r = await importFixture(toyImporter, '{\n  "steps": [1,\n');
    expect(r.errors).toEqual([{ line: 1, message: expect.stringMatching(/^not valid JSON/) }]);
  });
});

describe("openImport by detection", () => {
  test("Loopscope JSONL is read as before and says so", async () => {
    const r = await importFixture(null, lines({ type: "span", run_id: "r", name: "a", t0: 1 }));
    expect(r.format).toBe("loopscope");
    expect(r.records).toHaveLength(1);
  });

  test("a JSON array of Loopscope records is a document, element = line", async () => {
    const r = await importFixture(null, JSON.stringify([{ type: "span", run_id: "r", name: "a", t0: 1 }, { bad: 1 }]));
    expect(r.records).toHaveLength(1);
    expect(r.errors[0]?.line).toBe(2);
  });
});
