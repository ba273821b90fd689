// Parity of the accept-only validators (lib/schemas/fast-accept.ts) with zod, for
// every record schema they compile: on the fuzz corpus, on every example as its
// importer reads it, and on values only code can build. Wherever a validator
// accepts, zod must accept and the record normalised from the input must equal
// the one normalised from zod's output; where zod accepts with an output equal to
// the input, the validator must accept too. What it defers by design is what zod
// copies differently (an own `__proto__` key, a stripped key, a null-prototype record).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { importItemsOf } from "@/lib/import/open-import";
import { compileAccept } from "@/lib/schemas/fast-accept";
import { EventRecord, IterationRecord, RunRecord, SpanRecord, TaskRecord } from "@/lib/schemas/records";
import { fuzzLines } from "../../integration/support/fuzz-lines";

const EXAMPLES = path.resolve(import.meta.dirname, "../../../examples");

const CODECS = { span: SpanRecord, iteration: IterationRecord, event: EventRecord, task: TaskRecord, run: RunRecord };

async function exampleValues(): Promise<unknown[]> {
  const files = readdirSync(EXAMPLES, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name !== "README.md")
    .map((e) => path.join(e.parentPath, e.name));
  const out: unknown[] = [];
  for (const file of files) {
    for (const item of await importItemsOf(readFileSync(file), path.basename(file))) {
      if ("value" in item) out.push(item.value);
      else if ("text" in item) {
        try {
          out.push(JSON.parse(item.text));
        } catch {
          // a broken line (bad-lines.jsonl): JSON.parse's to refuse, not a schema's
        }
      }
    }
  }
  return out;
}

function fuzzValues(): unknown[] {
  const { lines } = fuzzLines("parity", 7, { valid: 1500, mutated: 6000 });
  return lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as unknown];
    } catch {
      return [];
    }
  });
}

/** Values no JSON text gives: the importers build records in code. */
const BUILT: Record<string, unknown>[] = [
  { name: "a", t0: 1, t1: Number.NaN },
  { name: "a", t0: 1, duration_ms: Number.POSITIVE_INFINITY },
  { name: "a", t0: 1, tokens_in: -0 },
  { name: "a", t0: 1, iteration: undefined, ok: undefined },
  { name: "a", t0: 1, meta: Object.create(null) as object },
  { name: "a", t0: 1, meta: { [Symbol("s")]: 1 } },
  { name: "a", t0: 1, meta: new Map() },
  { name: "a", t0: 1, meta: [] },
  { name: "\u{1F600}".repeat(600), t0: 1 },
  { name: "\u{1F600}".repeat(1001), t0: 1 },
  { name: "\ud800", t0: 1 },
  { name: "a", t0: 1, kind: "tool", type: "span", constructor: "x" },
  { type: "iteration", n: 1, ts: 1, files_modified: ["a", 1] },
  { type: "iteration", n: 1, ts: 1, tests: { passed: 1, extra: true } },
  { type: "iteration", n: 1, ts: 1, tests: { passed: 1 } },
  { type: "iteration", n: 2 ** 31, ts: 1 },
  { type: "iteration", n: 1.5, ts: "2026-01-01T00:00:00Z" },
  { type: "task", task_id: "t", tokens_used: 2 ** 53 },
];

/** Same value, two independent copies: both sides may repair strings in place. */
function twoCopies(v: unknown): [unknown, unknown] {
  try {
    return [structuredClone(v), structuredClone(v)];
  } catch {
    return [v, v]; // a symbol key: nothing repairs it, and both sides only read it
  }
}

const describeValue = (type: string, v: unknown) => {
  try {
    return `${type}: ${String(JSON.stringify(v)).slice(0, 200)}`;
  } catch {
    return `${type}: a value too deep to print`;
  }
};

describe("accept-only validators compiled from the record schemas", () => {
  test("the hot types compile; those with transforms go through zod alone", () => {
    expect(compileAccept(SpanRecord.schema)).not.toBeNull();
    expect(compileAccept(IterationRecord.schema)).not.toBeNull();
    expect(compileAccept(TaskRecord.schema)).not.toBeNull();
    expect(compileAccept(EventRecord.schema)).toBeNull(); // status: a string pipe
    expect(compileAccept(RunRecord.schema)).toBeNull(); // labels: a transform
  });

  test("a transform, a default, coercion or a rewriting check is not compiled", () => {
    expect(compileAccept(z.object({ a: z.string().transform((s) => s.length) }))).toBeNull();
    expect(compileAccept(z.object({ a: z.string().default("x") }))).toBeNull();
    expect(compileAccept(z.coerce.number())).toBeNull();
    expect(compileAccept(z.string().trim())).toBeNull();
  });

  test("stripped or refused extra keys: only an input without them is accepted", () => {
    const strip = compileAccept(z.object({ a: z.number() }))!;
    const strict = compileAccept(z.strictObject({ a: z.number() }))!;
    expect([strip({ a: 1 }), strip({ a: 1, b: 2 }), strict({ a: 1 }), strict({ a: 1, b: 2 })]).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  test("wherever one accepts, zod accepts with the same record; where zod accepts, so does it", async () => {
    const values = [...fuzzValues(), ...(await exampleValues()), ...BUILT];
    let accepted = 0;
    for (const [type, codec] of Object.entries(CODECS)) {
      for (const schema of [codec.schema, codec.escapeFreeSchema]) {
        const accept = compileAccept(schema);
        if (accept === null) continue;
        const normalize = codec.normalize as (v: unknown) => unknown;
        for (const v of values) {
          const [forZod, forFast] = twoCopies(v);
          const zod = schema.safeParse(forZod);
          const fast = accept(forFast);
          if (fast) {
            if (!zod.success) expect.fail(`accepted what zod refuses: ${describeValue(type, v)}`);
            expect(normalize(forFast), describeValue(type, v)).toEqual(normalize(zod.data));
            accepted += 1;
          } else if (zod.success && isDeepStrictEqual(zod.data, forZod)) {
            expect.fail(`zod accepts what the validator defers: ${describeValue(type, v)}`);
          }
        }
      }
    }
    expect(accepted).toBeGreaterThan(3000); // the corpus reaches the accepted path, not only the errors
  });
});
