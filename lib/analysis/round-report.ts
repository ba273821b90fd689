// docs/api.md#the-analysis-report: every number of the analysis report is
// rounded where the report is assembled — to 3 decimals (ms, ratios,
// scores), and money (`*_usd`) to 6 — so JSON readers never see float noise
// such as 1234.5670000001 ms. O(size of the report). The settings are echoed
// as given and are not passed here; integers pass unchanged.

const USD_DIGITS = 6;
const DEFAULT_DIGITS = 3;

/** `n` rounded half away from zero to `digits` decimals; integers and non-finite numbers untouched. */
export function roundTo(n: number, digits = DEFAULT_DIGITS): number {
  if (!Number.isFinite(n) || Number.isInteger(n)) return n;
  const f = 10 ** digits;
  const r = (Math.sign(n) * Math.round(Math.abs(n) * f)) / f;
  return Object.is(r, -0) ? 0 : r;
}

/** A deep copy of plain JSON data with every number rounded (`*_usd` keys to 6 decimals, the rest to 3). */
export function roundNumbers<T>(value: T): T {
  return roundIn(value, DEFAULT_DIGITS) as T;
}

// Recursive: a report is a few levels deep. Plain loops: a report of a long
// run holds tens of thousands of per-iteration rows.
function roundIn(v: unknown, digits: number): unknown {
  if (typeof v === "number") return roundTo(v, digits);
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (const x of v) out.push(roundIn(x, digits));
    return out;
  }
  const out: Record<string, unknown> = {};
  const record = v as Record<string, unknown>;
  for (const k of Object.keys(record)) out[k] = roundIn(record[k], k.endsWith("_usd") ? USD_DIGITS : DEFAULT_DIGITS);
  return out;
}
