// docs/guard.md#tell-the-team — the guard's events sent to the team's
// webhooks, off the decision's path: the decision is answered first, and
// each delivery runs on its own, up to DELIVERY_ATTEMPTS tries with the wait
// doubling from FIRST_RETRY_MS, each try cut at ATTEMPT_TIMEOUT_MS. A
// delivery that never lands is logged (the URL's origin only: a webhook's
// path is its secret), never thrown. Deliveries live in this process: one
// pending at a restart is lost (docs/guard.md says so).
import type { Db } from "@/db/client";
import { getGuardWebhooks } from "@/db/guard-webhooks";
import { notificationBody } from "@/lib/guard/notification";
import type { GuardEvent, GuardWebhook } from "@/lib/schemas/guard";

export const DELIVERY_ATTEMPTS = 4;
export const FIRST_RETRY_MS = 1000;
const ATTEMPT_TIMEOUT_MS = 5000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One try of one webhook: null when it answered 2xx, else what went wrong (never the URL's path: its secret). */
export async function tryDeliver(hook: GuardWebhook, event: GuardEvent): Promise<string | null> {
  try {
    const res = await fetch(hook.url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "loopscope-guard" },
      body: JSON.stringify(notificationBody(event, hook.format)),
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      redirect: "error",
    });
    await res.body?.cancel().catch(() => {});
    return res.ok ? null : `answered ${res.status}`;
  } catch (err) {
    return (err as Error).name === "TimeoutError" ? "no answer in time" : "unreachable";
  }
}

/** One webhook, tried until it answers 2xx or the attempts run out; resolves with whether it landed. */
export async function deliver(hook: GuardWebhook, event: GuardEvent, firstRetryMs = FIRST_RETRY_MS): Promise<boolean> {
  let problem: string | null = null;
  for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS; attempt++) {
    problem = await tryDeliver(hook, event);
    if (problem === null) return true;
    if (attempt < DELIVERY_ATTEMPTS) await sleep(firstRetryMs * 2 ** (attempt - 1));
  }
  console.error(
    `loopscope: a guard webhook to ${new URL(hook.url).origin} ${problem} ${DELIVERY_ATTEMPTS} times; dropped`,
  );
  return false;
}

/** What "Send a test" posts: an event of the real shape that says it is a test, naming no run that exists. */
export function testEvent(origin: string, nowIso: string): GuardEvent {
  return {
    event: "trip",
    run_id: "loopscope-test",
    run_url: `${origin}/settings`,
    mode: "observe",
    breaker: "identical_calls",
    reason: "a test from Loopscope's Settings → Tell the team: no run tripped",
    at: nowIso,
    would_save: null,
  };
}

/** Send the events to every webhook, without waiting; the returned promise is for tests. */
export function notifyGuardEvents(db: Db, events: readonly GuardEvent[]): Promise<unknown> {
  if (events.length === 0) return Promise.resolve();
  const sending = getGuardWebhooks(db).then(({ webhooks }) =>
    Promise.all(webhooks.flatMap((hook) => events.map((e) => deliver(hook, e)))),
  );
  sending.catch((err: unknown) => console.error("loopscope: guard webhooks not sent:", (err as Error).message));
  return sending;
}
