// The first request to a route loads and compiles its server code: about half
// a second for the run page on a two-core machine, paid by the first visitor
// after every start (docs/benchmarks.md#ui). At start the server asks itself
// for what a first visit needs, with a run id that matches nothing, so that
// cost is paid before anyone waits for it. Best effort: a failure is ignored,
// and no data is read but the lookup of that id.
const WARM_PATHS = [
  "/runs/loopscope-warm-up?tab=timeline",
  "/api/v1/runs/loopscope-warm-up/timeline",
  "/api/v1/auth/session",
];
const WARM_TIMEOUT_MS = 30_000;

/** The server's own address: PORT is set by `next start` once it listens; HOST when it listens on one address. */
export function ownOrigin(env: Record<string, string | undefined> = process.env): string | null {
  if (!env.PORT) return null;
  const host = env.HOST?.trim();
  const local = !host || host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  return `http://${local.includes(":") ? `[${local}]` : local}:${env.PORT}`;
}

export async function warmRoutes(origin: string | null = ownOrigin()): Promise<void> {
  if (!origin) return;
  for (const path of WARM_PATHS) {
    try {
      const res = await fetch(origin + path, { signal: AbortSignal.timeout(WARM_TIMEOUT_MS), redirect: "manual" });
      await res.arrayBuffer();
    } catch {
      // best effort: the first visitor pays instead
    }
  }
}
