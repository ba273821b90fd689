// Requests before background work, on PGlite. PGlite runs each query to
// completion in this process's one thread, and its queue hands the next
// query over within the same turn of the event loop: the analysis of a fresh
// 100 000-span run (a dozen queries of up to 450 ms) held every request that
// arrived meanwhile — the run page opened right after the upload, its
// scripts, its first span page — for a second and more.
// Work started by `inBackground` goes through a gate instead. Its queries run
// one at a time, analyses before bulk reads (the timeline's span pages after
// the first, which give way only while an analysis runs), each only once no
// request's query is in flight, none ended in the last moments (a grace: a
// page's scripts and its next API call follow its queries within a few
// hundred ms), and the event loop has been mostly idle for a short window.
// The grace and the window scale with the stall the next background query is
// likely to cause (the slowest lately): up to GRACE_MAX_MS and QUIET_MAX_MS
// for a big analysis, next to nothing for a small one. A background query
// that waited STARVED_MS runs anyway. On a Postgres server nothing here is
// used: the server runs queries in processes of its own.
import { AsyncLocalStorage } from "node:async_hooks";
import { performance } from "node:perf_hooks";

/** The longest a background query waits after a request's query ended. */
const GRACE_MAX_MS = 300;
/** The longest quiet window a background query waits for. */
const QUIET_MAX_MS = 25;
/** The share of a window the event loop may be busy with others and still count as quiet. */
const QUIET_UTILISATION = 0.2;
/** How much of the expected stall is kept per background query: an analysis's small queries between its big ones do not lower the guard. */
const EXPECTED_DECAY = 0.8;
/** A background query waits at most this long for quiet (and for the kinds before it), then runs anyway. */
const STARVED_MS = 1000;

/** Background work, in the order the gate lets it run. */
const KINDS = { analysis: 1, bulk: 2 } as const;
export type BackgroundKind = keyof typeof KINDS;

// On globalThis: Next bundles the routes, the pages and the instrumentation
// apart, and the handle's gate must see the mark whichever bundle set it.
const globalForGate = globalThis as unknown as {
  loopscopeBackground?: AsyncLocalStorage<BackgroundKind>;
  loopscopeAnalysesRunning?: { count: number };
};
const background = (globalForGate.loopscopeBackground ??= new AsyncLocalStorage<BackgroundKind>());
const analyses = (globalForGate.loopscopeAnalysesRunning ??= { count: 0 });

/**
 * Run `work` as background work: on PGlite its queries give way to the
 * requests'. A bulk read only gives way while an analysis is running;
 * otherwise it is served as a request is.
 */
export async function inBackground<T>(work: () => Promise<T>, kind: BackgroundKind = "analysis"): Promise<T> {
  if (kind !== "analysis") return background.run(kind, work);
  analyses.count += 1;
  try {
    return await background.run(kind, work);
  } finally {
    analyses.count -= 1;
  }
}

/** The client's methods that run SQL; each call is one unit for the gate (a transaction is one). */
const GATED = new Set<PropertyKey>(["query", "exec", "transaction"]);

type Waiter = { rank: number; since: number; admit: () => void };
type Gate = {
  foreground: number;
  idle: (() => void)[];
  waiting: Waiter[];
  /** A background query is running, or one is being picked. */
  busy: boolean;
  /** The stall the next background query is likely to cause: the slowest lately (a max that decays by query). */
  expectedMs: number;
  lastForegroundAt: number;
};

/**
 * `client` with its SQL methods gated. Everything else is the client's own,
 * bound to it (PGlite keeps its state in private fields a proxy can't reach).
 */
export function gateClient<C extends object>(client: C): C {
  const gate: Gate = {
    foreground: 0,
    idle: [],
    waiting: [],
    busy: false,
    expectedMs: 0,
    lastForegroundAt: -Infinity,
  };
  return new Proxy(client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      const method = (value as (...args: unknown[]) => Promise<unknown>).bind(target);
      if (!GATED.has(prop)) return method;
      return (...args: unknown[]) => {
        const kind = background.getStore();
        const yields = kind === "analysis" || (kind === "bulk" && analyses.count > 0);
        return yields
          ? runBackground(gate, KINDS[kind], () => method(...args))
          : runForeground(gate, () => method(...args));
      };
    },
  });
}

async function runForeground<T>(gate: Gate, call: () => Promise<T>): Promise<T> {
  gate.foreground += 1;
  try {
    return await call();
  } finally {
    gate.foreground -= 1;
    gate.lastForegroundAt = performance.now();
    if (gate.foreground === 0) for (const wake of gate.idle.splice(0)) wake();
  }
}

async function runBackground<T>(gate: Gate, rank: number, call: () => Promise<T>): Promise<T> {
  await new Promise<void>((admit) => {
    gate.waiting.push({ rank, since: performance.now(), admit });
    void admitNext(gate);
  });
  const started = performance.now();
  try {
    return await call();
  } finally {
    gate.expectedMs = Math.max(performance.now() - started, gate.expectedMs * EXPECTED_DECAY);
    gate.busy = false;
    void admitNext(gate);
  }
}

/** Once quiet, lets the first-ranked waiter run (the longest waiting if one starved). One at a time. */
async function admitNext(gate: Gate): Promise<void> {
  if (gate.busy || gate.waiting.length === 0) return;
  gate.busy = true;
  await awaitQuiet(gate);
  const oldest = gate.waiting.reduce((a, b) => (b.since < a.since ? b : a));
  const first = gate.waiting.reduce((a, b) => (b.rank < a.rank || (b.rank === a.rank && b.since < a.since) ? b : a));
  const next = performance.now() - oldest.since > STARVED_MS ? oldest : first;
  gate.waiting.splice(gate.waiting.indexOf(next), 1);
  next.admit();
}

/** Until no request's query is in flight or just ended and the event loop was mostly idle for a window, or one starved. */
async function awaitQuiet(gate: Gate): Promise<void> {
  const graceMs = Math.min(GRACE_MAX_MS, gate.expectedMs * 2);
  const windowMs = Math.min(QUIET_MAX_MS, gate.expectedMs / 4);
  const starved = () => gate.waiting.some((w) => performance.now() - w.since > STARVED_MS);
  for (;;) {
    if (gate.foreground > 0) await new Promise<void>((resolve) => gate.idle.push(resolve));
    const graceLeftMs = gate.lastForegroundAt + graceMs - performance.now();
    if (graceLeftMs >= 1 && !starved()) {
      await new Promise((resolve) => setTimeout(resolve, graceLeftMs));
      continue;
    }
    const before = performance.eventLoopUtilization();
    await new Promise((resolve) => (windowMs < 1 ? setImmediate(resolve) : setTimeout(resolve, windowMs)));
    if (gate.foreground > 0) continue;
    if (windowMs < 1 || performance.eventLoopUtilization(before).utilization < QUIET_UTILISATION) return;
    if (starved()) return;
  }
}
