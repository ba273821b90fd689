// Shared plumbing for the benchmarks: throwaway Postgres databases, timing,
// printing figures in one format, and watching a server process.
import { readFileSync } from "node:fs";
import { openTempDatabase, type TempDatabase } from "@/db/temp-database";

export const ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export function tempPostgres(label: string): Promise<TempDatabase> {
  return openTempDatabase(ADMIN_URL, `bench_${label}`);
}

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

export function figure(label: string, value: string, note = "") {
  console.log(`  ${label.padEnd(46)} ${value.padStart(16)}${note ? `   ${note}` : ""}`);
}

export const rate = (n: number, ms: number) => `${Math.round((n / ms) * 1000).toLocaleString("en-US")}/s`;

/**
 * The p-th percentile (0 ≤ p ≤ 1) of `xs` by the nearest-rank method: the
 * smallest sample with at least p of the samples at or below it. NaN when empty.
 */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

export function argValue(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
}

/** The resident set of a process, in KiB (0 once it is gone). */
export function rssKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Wait until a bench server answers on `port`. */
export async function waitForPort(port: number) {
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/health`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error("the bench server did not start");
}
