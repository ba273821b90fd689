// docs/guard.md#tell-the-team — the guard's events sent to the team's
// webhooks, off the decision's path: the decision is answered first; the
// deliveries are queued in the database (db/guard-outbox.ts) and a sender in
// this process takes the due ones: each webhook up to DELIVERY_ATTEMPTS tries,
// the wait doubling from FIRST_RETRY_MS, each try cut at ATTEMPT_TIMEOUT_MS. A
// queued delivery survives a restart (the server's start wakes the sender) and
// is sent by one replica at a time. One that never lands is logged (the URL's
// origin only: a webhook's path is its secret), never thrown.
import type { Db } from "@/db/client";
import { getGuardWebhooks } from "@/db/guard-webhooks";
import {
  claimGuardDeliveries,
  dropGuardDelivery,
  msUntilNextGuardDelivery,
  queueGuardDeliveries,
  retryGuardDelivery,
  type OutboxDelivery,
} from "@/db/guard-outbox";
import { notificationBody } from "@/lib/guard/notification";
import type { GuardEvent, GuardWebhook } from "@/lib/schemas/guard";

export const DELIVERY_ATTEMPTS = 4;
export const FIRST_RETRY_MS = 1000;
const ATTEMPT_TIMEOUT_MS = 5000;
/** A claimed delivery is this sender's for this long: longer than a try; a sender that died leaves it to the next. */
const LEASE_MS = 30_000;
const BATCH = 20;

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

type Sender = { running: Promise<void> | null; again: boolean; timer: NodeJS.Timeout | null; firstRetryMs: number };
const senders = new WeakMap<Db, Sender>();

/** One claimed delivery tried once: dropped when it landed or ran out of tries, else put back for later. */
async function sendOne(db: Db, d: OutboxDelivery, firstRetryMs: number): Promise<void> {
  const problem = await tryDeliver(d.hook, d.event);
  if (problem === null) return dropGuardDelivery(db, d.id);
  if (d.attempts < DELIVERY_ATTEMPTS) return retryGuardDelivery(db, d.id, firstRetryMs * 2 ** (d.attempts - 1));
  console.error(`loopscope: a guard webhook to ${new URL(d.hook.url).origin} ${problem} ${d.attempts} times; dropped`);
  await dropGuardDelivery(db, d.id);
}

async function drain(db: Db, sender: Sender): Promise<void> {
  for (;;) {
    sender.again = false;
    for (;;) {
      const due = await claimGuardDeliveries(db, BATCH, LEASE_MS);
      if (due.length === 0) break;
      await Promise.all(due.map((d) => sendOne(db, d, sender.firstRetryMs)));
    }
    const waitMs = await msUntilNextGuardDelivery(db);
    // Woken meanwhile: what was queued may have come after the last look.
    if (sender.again) continue;
    if (waitMs !== null) {
      sender.timer = setTimeout(() => void wakeGuardOutbox(db), Math.max(waitMs, 10));
      sender.timer.unref();
    }
    return;
  }
}

/**
 * Send what is due now, and wait for what is due later: one sender per database
 * handle; a wake while it runs makes it look again. The promise is for tests.
 */
export function wakeGuardOutbox(db: Db, firstRetryMs = FIRST_RETRY_MS): Promise<void> {
  const sender = senders.get(db) ?? { running: null, again: false, timer: null, firstRetryMs };
  senders.set(db, sender);
  if (sender.timer) clearTimeout(sender.timer);
  sender.timer = null;
  if (sender.running) {
    sender.again = true;
    return sender.running;
  }
  sender.running = drain(db, sender)
    .catch((err: unknown) => console.error("loopscope: guard webhooks not sent:", (err as Error).message))
    .finally(() => (sender.running = null));
  return sender.running;
}

/** Queue the events for every webhook and wake the sender, without waiting; the promise is for tests. */
export function notifyGuardEvents(db: Db, events: readonly GuardEvent[]): Promise<unknown> {
  if (events.length === 0) return Promise.resolve();
  const sending = getGuardWebhooks(db)
    .then(({ webhooks }) => queueGuardDeliveries(db, webhooks, events))
    .then((queued) => (queued > 0 ? wakeGuardOutbox(db) : undefined));
  sending.catch((err: unknown) => console.error("loopscope: guard webhooks not queued:", (err as Error).message));
  return sending;
}
