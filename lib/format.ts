// Human formatting shared by pages, the CLI and reports. Pure.

/**
 * One duration format everywhere (docs/dashboard.md#post-mortem): "180 ms",
 * "4.2 s", "32m 52s", "9h 54m". Minutes and hours are rounded to the second
 * (or minute) first, so a value never reads "3m 60s".
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms)) return "—";
  const sign = ms < 0 ? "-" : "";
  const abs = Math.abs(ms);
  if (abs < 1) return `${sign}${abs.toFixed(2)} ms`;
  if (abs < 999.5) return `${sign}${Math.round(abs)} ms`;
  if (abs < 59_950) return `${sign}${(abs / 1000).toFixed(1)} s`;
  const totalS = Math.round(abs / 1000);
  if (totalS < 3600) return `${sign}${Math.floor(totalS / 60)}m ${totalS % 60}s`;
  const totalM = Math.round(abs / 60_000);
  return `${sign}${Math.floor(totalM / 60)}h ${totalM % 60}m`;
}

/**
 * Iteration numbers as ranges: [24, 25, 26, 27, 602] → "24–27, 602". Sorted
 * and de-duplicated first; a run of two stays two numbers ("3, 4").
 */
export function formatRanges(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  let i = 0;
  while (i < sorted.length) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j += 1;
    const first = sorted[i]!;
    const last = sorted[j]!;
    if (j - i >= 2) parts.push(`${first}–${last}`);
    else parts.push(...sorted.slice(i, j + 1).map(String));
    i = j + 1;
  }
  return parts.join(", ");
}

// One formatter for every count: `toLocaleString("en-US")` builds a new one per
// call (~50 µs), which the timeline's status line paid on every frame.
const COUNT_FORMAT = new Intl.NumberFormat("en-US");

export function formatCount(n: number | null | undefined): string {
  if (n == null) return "—";
  return COUNT_FORMAT.format(n);
}

export function formatTokens(n: number | null | undefined): string {
  if (n == null) return "—";
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)}M`;
  if (n >= 1e4) return `${(n / 1e3).toFixed(1)}k`;
  return COUNT_FORMAT.format(n);
}

/** `2025-11-30 10:00:00` (UTC) from an ISO string. */
export function formatTimestamp(iso: string | null | undefined): string {
  if (!iso) return "—";
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

export function formatPct(ratio: number | null | undefined, digits = 0): string {
  if (ratio == null || !Number.isFinite(ratio)) return "—";
  return `${(ratio * 100).toFixed(digits)} %`;
}

/** `$0.042`, `$12.30`; null (cost unknown, docs/analysis.md#costs) is `—`, never `$0`. */
export function formatUsd(usd: number | null | undefined): string {
  if (usd == null || !Number.isFinite(usd)) return "—";
  return usd < 1 ? `$${usd.toFixed(3)}` : `$${usd.toFixed(2)}`;
}
