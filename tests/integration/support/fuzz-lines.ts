// Deterministic bad input for the ingest hardening tests: a seeded PRNG (no
// Math.random), valid records of every type, and mutations of them — values
// that pass a loose reading of the format but no column can hold, broken
// JSON, wrong types. Same seed, same lines.

/** mulberry32: a small, fast, seeded PRNG returning [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const T0 = 1_764_496_800;

/** A valid record of each type; `i` makes its identity unique. */
export function validRecord(runId: string, kind: number, i: number): Record<string, unknown> {
  const t = T0 + i;
  switch (kind % 5) {
    case 0:
      return {
        type: "span",
        run_id: runId,
        span_id: `s-${i}`,
        name: "read_file",
        kind: "tool",
        t0: t,
        t1: t + 0.25,
        ok: true,
        iteration: 3,
        tokens_in: 10,
        tokens_out: 5,
        cost_usd: 0.01,
        input: { path: "src/a.ts", opts: [1, { deep: true }] },
        output: "ok",
        meta: { cwd: "repo", tags: ["a", "b"] },
      };
    case 1:
      return { type: "iteration", run_id: runId, n: i, ts: t, tasks_completed: 1, tokens_used: 900, errors: ["x"] };
    case 2:
      return { type: "event", run_id: runId, ts: t, kind: "api_error", status: 503, detail: `call ${i}` };
    case 3:
      return { type: "task", run_id: runId, task_id: `t-${i}`, title: "auth", error_count: 1, tokens_used: 40 };
    default:
      return { type: "run", run_id: runId, name: "fuzz", agent: "bot", labels: { team: "infra" }, config: {} };
  }
}

const NESTED_6000 = `${'{"a":'.repeat(6000)}1${"}".repeat(6000)}`;

/** Values a column cannot hold, or that are not what the field means. */
const EVIL_VALUES: unknown[] = [
  "a\u0000b",
  "\u0000",
  1e300,
  -1e300,
  1e15,
  -3e11,
  2 ** 31,
  2 ** 53 - 1,
  2 ** 63,
  -1,
  1.5,
  Number.MAX_VALUE,
  "",
  "x".repeat(600),
  "\u{1F600}".repeat(300),
  "運".repeat(520),
  "\ud800",
  "\udc00x\ud83d",
  "9999-12-31T23:59:59Z",
  "0000-01-01T00:00:00Z",
  "2026-02-30T00:00:00Z",
  "yesterday",
  true,
  null,
  [],
  {},
  { "k\u0000": 1 },
  { nested: ["a\u0000"] },
  "constructor",
  "__proto__",
];

/** JSON text of a mutation of `record`: an evil value in one field, an extra field, or broken text. */
export function mutateLine(record: Record<string, unknown>, rand: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const keys = Object.keys(record);
  const r = rand();
  if (r < 0.7) {
    const copy: Record<string, unknown> = { ...record, [pick(keys)]: pick(EVIL_VALUES) };
    return JSON.stringify(copy);
  }
  if (r < 0.8)
    return JSON.stringify({ ...record, [pick(["extra", "x\u0000y", "__proto__", "type"])]: pick(EVIL_VALUES) });
  if (r < 0.85) {
    const key = pick(["meta", "input", "labels", "config", "attrs"]);
    return `${JSON.stringify(record).slice(0, -1)},"${key}":${NESTED_6000}}`;
  }
  if (r < 0.9) {
    const text = JSON.stringify(record);
    return text.slice(0, Math.floor(rand() * text.length));
  }
  if (r < 0.95) return JSON.stringify({ ...record, type: pick(["constructor", "toString", "__proto__", "spam", 7]) });
  const text = JSON.stringify(record);
  const at = Math.floor(rand() * text.length);
  return `${text.slice(0, at)}${pick(["\\u0000", "\\ud800", "\u0000", "\\", '"', "}"])}${text.slice(at)}`;
}

export type Fuzz = { lines: string[]; validLineNos: Set<number>; validCounts: Record<string, number> };

/**
 * `valid` valid lines (run `${prefix}-valid`) and `mutated` mutated ones (run
 * `${prefix}-mut`), interleaved by the PRNG; `validCounts` counts the valid
 * records by type, as the database should hold them.
 */
export function fuzzLines(prefix: string, seed: number, { valid: VALID, mutated: MUTATED }: FuzzSize): Fuzz {
  const rand = seededRandom(seed);
  const lines: string[] = [];
  const validLineNos = new Set<number>();
  const validCounts: Record<string, number> = { span: 0, iteration: 0, event: 0, task: 0 };
  let valid = 0;
  let mutated = 0;
  while (valid < VALID || mutated < MUTATED) {
    const i = valid + mutated;
    if (mutated >= MUTATED || (valid < VALID && rand() < 0.5)) {
      const record = validRecord(`${prefix}-valid`, i, i);
      lines.push(JSON.stringify(record));
      validLineNos.add(lines.length);
      if (record.type !== "run") validCounts[record.type as string]! += 1;
      valid += 1;
    } else {
      lines.push(mutateLine(validRecord(`${prefix}-mut`, Math.floor(rand() * 5), i), rand));
      mutated += 1;
    }
  }
  return { lines, validLineNos, validCounts };
}

export type FuzzSize = { valid: number; mutated: number };
