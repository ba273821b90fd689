// docs/guard.md#tell-the-team on PGlite and Postgres: a live run's trip and halt are posted to the
// team's webhooks — Slack-compatible or generic — after the decision has been answered, retried with
// back-off when the receiver fails, and the list is saved and refused as the settings API does.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { POST } from "@/app/api/v1/runs/[runId]/guard/route";
import { GET as getHooks, PUT as putHooks } from "@/app/api/v1/settings/guard-webhooks/route";
import { POST as testHook } from "@/app/api/v1/settings/guard-webhooks/test/route";
import { DELIVERY_ATTEMPTS, wakeGuardOutbox } from "@/app/_server/guard-notify";
import { queueGuardDeliveries } from "@/db/guard-outbox";
import { connectPostgres, rowsOf } from "@/db/client";
import { openTempDatabase } from "@/db/temp-database";
import { sql } from "drizzle-orm";
import type { GuardEvent } from "@/lib/schemas/guard";
import { POSTGRES_SKIPPED, targets } from "./support/databases";
import { call, serveDatabase } from "./support/route";

type Received = { body: Record<string, unknown>; respond: (status: number) => void };

/** A webhook receiver that holds each request until the test answers it. */
function receiver() {
  const got: Received[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = "";
    req.on("data", (c) => (text += c));
    req.on("end", () => {
      got.push({ body: JSON.parse(text) as Record<string, unknown>, respond: (s) => res.writeHead(s).end() });
      waiters.splice(0).forEach((w) => w());
    });
  });
  const next = async (n: number) => {
    while (got.length < n) await new Promise<void>((r) => waiters.push(r));
    return got[n - 1]!;
  };
  return {
    server,
    got,
    next,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook/secret-path`,
  };
}

const hook = receiver();
beforeAll(() => new Promise<void>((r) => hook.server.listen(0, "127.0.0.1", r)));
afterAll(() => new Promise<void>((r) => hook.server.close(() => r())));

const EVENT: GuardEvent = {
  event: "halt",
  run_id: "r-1",
  run_url: "http://loopscope.test/runs/r-1",
  mode: "enforce",
  breaker: "loop_breaker",
  reason: "the loop breaker opened at iteration 3 (same_error): stop and rethink the approach",
  at: "2026-11-20T09:00:00.000000Z",
  would_save: { iterations: 2, tokens: 0, ms: 61_000 },
};

describe.each(targets)("guard webhooks on $name", (target) => {
  const suite = serveDatabase(target);
  const queued = async () =>
    rowsOf<{ n: number | string }>(await suite.db.execute(sql`SELECT count(*) AS n FROM guard_outbox`))[0]!.n;

  test("a failed delivery is tried again after a wait, and lands; then it leaves the queue", async () => {
    const start = hook.got.length;
    await queueGuardDeliveries(suite.db, [{ url: hook.url(), format: "slack" }], [EVENT]);
    const sent = wakeGuardOutbox(suite.db, 20);
    (await hook.next(start + 1)).respond(500);
    await sent;
    expect(Number(await queued())).toBe(1); // waiting for its second try
    const second = await hook.next(start + 2); // the sender's timer tries again
    expect(second.body).toEqual({
      text:
        "*Loopscope*: run <http://loopscope.test/runs/r-1|r-1> halted (loop breaker): the loop breaker opened at " +
        "iteration 3 (same_error): stop and rethink the approach. Stopping there saves 2 iteration(s), 1m 1s so far.",
    });
    second.respond(200);
    await expect.poll(async () => Number(await queued())).toBe(0);
  });

  test("a delivery queued before a restart is sent when the server's start wakes the sender", async () => {
    const start = hook.got.length;
    // As a process that died mid-retry leaves it: a row in the queue, due, and no sender awake.
    await queueGuardDeliveries(suite.db, [{ url: hook.url(), format: "generic" }], [{ ...EVENT, run_id: "r-left" }]);
    const woken = wakeGuardOutbox(suite.db, 20);
    const got = await hook.next(start + 1);
    expect(got.body).toMatchObject({ event: "halt", run_id: "r-left" });
    got.respond(200);
    await woken;
    expect(Number(await queued())).toBe(0);
  });

  test("a webhook that never answers 2xx is given up after its tries and leaves the queue", async () => {
    const start = hook.got.length;
    await queueGuardDeliveries(suite.db, [{ url: hook.url(), format: "slack" }], [EVENT]);
    void wakeGuardOutbox(suite.db, 5);
    for (let i = 1; i <= DELIVERY_ATTEMPTS; i++) (await hook.next(start + i)).respond(503);
    await expect.poll(async () => Number(await queued())).toBe(0);
    expect(hook.got.length).toBe(start + DELIVERY_ATTEMPTS);
  });

  const put = (body: unknown) =>
    call(
      putHooks,
      "/api/v1/settings/guard-webhooks",
      {},
      {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      },
    );

  test("a URL that is not http(s) is a 400 naming the field; a good list is saved and read back", async () => {
    const bad = await put({ webhooks: [{ url: "file:///etc/passwd", format: "slack" }] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("webhooks[0].url");
    const good = { webhooks: [{ url: hook.url(), format: "generic" }] };
    expect((await put(good)).status).toBe(200);
    expect((await call(getHooks, "/api/v1/settings/guard-webhooks", {})).body).toEqual(good);
  });

  test("a run's trip is posted as the generic event once the decision has been answered", async () => {
    const start = hook.got.length;
    const runId = `r-hooked-${target.name}`;
    const t0 = 1_790_000_000;
    const span = (i: number) => ({
      type: "span",
      name: "http_get",
      t0: t0 + i,
      t1: t0 + i + 0.5,
      ok: false,
      error: "503",
    });
    // The receiver holds every request: the decision is answered all the same.
    const res = await call(
      POST,
      `/api/v1/runs/${runId}/guard`,
      { runId },
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ records: [span(0), span(1), span(2)] }),
      },
    );
    expect(res.status).toBe(200);
    const got = await hook.next(start + 1);
    expect(got.body).toMatchObject({
      event: "trip",
      run_id: runId,
      run_url: `http://test.local/runs/${runId}`,
      breaker: "tool_breaker",
      mode: "observe",
    });
    got.respond(200);
  });
});

describe("Send a test", () => {
  const send = (body: unknown) =>
    call(
      testHook,
      "/api/v1/settings/guard-webhooks/test",
      {},
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
    );

  test("the webhook gets one event that says it is a test, and the answer says whether it landed", async () => {
    const start = hook.got.length;
    const answered = send({ url: hook.url(), format: "slack" });
    const got = await hook.next(start + 1);
    expect(String(got.body.text)).toContain("a test from Loopscope's Settings → Tell the team: no run tripped");
    got.respond(200);
    expect(await answered).toMatchObject({ status: 200, body: { delivered: true, problem: null } });

    const failing = send({ url: hook.url(), format: "generic" });
    const second = await hook.next(start + 2);
    expect(second.body).toMatchObject({ event: "trip", run_id: "loopscope-test", mode: "observe" });
    second.respond(404);
    // One try: the person who clicked is waiting, so a failure is said at once, not retried.
    expect(await failing).toMatchObject({ status: 200, body: { delivered: false, problem: "answered 404" } });
    expect(hook.got.length).toBe(start + 2);
  });

  test("a receiver that is not there is 'unreachable'; a URL that is not http(s) is a 400 naming the field", async () => {
    expect((await send({ url: "http://127.0.0.1:9/x", format: "slack" })).body).toEqual({
      delivered: false,
      problem: "unreachable",
    });
    const bad = await send({ url: "ftp://example.com/x", format: "slack" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("url");
  });
});

test.skipIf(POSTGRES_SKIPPED)("two replicas' senders waking at once send a queued delivery once", async () => {
  const temp = await openTempDatabase(process.env.TEST_DATABASE_URL!, "guard_outbox");
  const other = await connectPostgres(temp.url);
  try {
    const start = hook.got.length;
    await queueGuardDeliveries(temp.db, [{ url: hook.url(), format: "generic" }], [{ ...EVENT, run_id: "r-once" }]);
    const both = Promise.all([wakeGuardOutbox(temp.db, 20), wakeGuardOutbox(other.db, 20)]);
    const got = await hook.next(start + 1);
    got.respond(200);
    await both;
    expect(hook.got.slice(start).map((g) => g.body.run_id)).toEqual(["r-once"]);
  } finally {
    await other.close();
    await temp.close();
  }
});
