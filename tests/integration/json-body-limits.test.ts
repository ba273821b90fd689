// Every JSON body is capped before it is parsed (docs/api.md#limits), on PGlite
// and Postgres: per route family a body one byte over its cap is a 413 naming
// the cap — declared by Content-Length or streamed without one — while a
// normal body (for settings, a price override of some 1,700 models) still
// works; a 100 MB stream is cut after the cap, not read; malformed JSON is a
// 400 that names the problem and quotes nothing of the body.
import { describe, expect, test } from "vitest";
import { POST as signIn } from "@/app/api/v1/auth/session/route";
import { POST as addUser } from "@/app/api/v1/users/route";
import { POST as createKey } from "@/app/api/v1/keys/route";
import { PUT as putSettings } from "@/app/api/v1/settings/route";
import { POST as postComment } from "@/app/api/v1/runs/[runId]/comments/route";
import { PUT as putReview } from "@/app/api/v1/runs/[runId]/review/route";
import { POST as createProfile } from "@/app/api/v1/profiles/route";
import { JSON_BODY_LIMIT_BYTES, REVIEW_BODY_LIMIT_BYTES, SETTINGS_BODY_LIMIT_BYTES } from "@/lib/http/read-body";
import { targets } from "./support/databases";
import { bearer, ENV_KEY, useAccountsOn } from "./support/auth";
import { EXAMPLES, ingestFile } from "./support/ingest";
import { call, serveDatabase } from "./support/route";

const RUN = "r-healthy";
const USER = { name: "Lim", email: "lim@example.test", password: "a long password 1", role: "viewer" };

/** A JSON object of about `bytes` bytes: `value` with a `pad` field of spaces inside a string. */
const padded = (value: Record<string, unknown>, bytes: number) => {
  const base = JSON.stringify({ ...value, pad: "" });
  return JSON.stringify({ ...value, pad: " ".repeat(Math.max(0, bytes - Buffer.byteLength(base))) });
};

/** Settings whose `prices` override about every model of the price catalog (~170 KB). */
const catalogOverride = () => ({
  prices: Object.fromEntries(
    Array.from({ length: 1700 }, (_, i) => [
      `provider-${i % 40}/model-name-${i}-2026-01`,
      { input: 1.25, output: 10, cache_read: 0.125, cache_write: 1.5 },
    ]),
  ),
});

type Send = (init: RequestInit) => ReturnType<typeof call>;
const onRun = { runId: RUN };
const FAMILIES: {
  name: string;
  method: string;
  send: Send;
  limit: number;
  body: () => Record<string, unknown>;
  ok: number;
}[] = [
  {
    name: "auth/session",
    method: "POST",
    send: (i) => call(signIn, "/api/v1/auth/session", {}, i),
    limit: JSON_BODY_LIMIT_BYTES,
    body: () => ({ email: USER.email, password: USER.password }),
    ok: 200,
  },
  {
    name: "users",
    method: "POST",
    send: (i) => call(addUser, "/api/v1/users", {}, i),
    limit: JSON_BODY_LIMIT_BYTES,
    body: () => ({ ...USER, email: `u${Math.random()}@example.test` }),
    ok: 201,
  },
  {
    name: "keys",
    method: "POST",
    send: (i) => call(createKey, "/api/v1/keys", {}, i),
    limit: JSON_BODY_LIMIT_BYTES,
    body: () => ({ name: "ci", scopes: ["ingest"] }),
    ok: 201,
  },
  {
    name: "settings",
    method: "PUT",
    send: (i) => call(putSettings, "/api/v1/settings", {}, i),
    limit: SETTINGS_BODY_LIMIT_BYTES,
    body: catalogOverride,
    ok: 200,
  },
  {
    name: "comments",
    method: "POST",
    send: (i) => call(postComment, `/api/v1/runs/${RUN}/comments`, onRun, i),
    limit: JSON_BODY_LIMIT_BYTES,
    body: () => ({ author: "Lim", body: "x".repeat(5000) }),
    ok: 201,
  },
  {
    name: "reviews",
    method: "PUT",
    send: (i) => call(putReview, `/api/v1/runs/${RUN}/review`, onRun, i),
    limit: REVIEW_BODY_LIMIT_BYTES,
    body: () => ({ status: "open", verdict: "é".repeat(5000) }),
    ok: 200,
  },
  {
    name: "profiles",
    method: "POST",
    send: (i) => call(createProfile, "/api/v1/profiles", {}, i),
    limit: SETTINGS_BODY_LIMIT_BYTES,
    body: () => ({ name: `catalog ${Math.random()}`, settings: catalogOverride() }),
    ok: 201,
  },
];

const headers = (extra: Record<string, string> = {}) => ({
  ...bearer(ENV_KEY),
  "content-type": "application/json",
  ...extra,
});

/** A body of `totalBytes` pulled in 16 KiB chunks; `pulled` counts what the server took. */
function countedStream(totalBytes: number) {
  const seen = { pulled: 0 };
  const chunk = new Uint8Array(16 * 1024).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled >= totalBytes) return controller.close();
      seen.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, seen };
}

describe.each(targets)("JSON body limits on $name", (target) => {
  useAccountsOn();
  serveDatabase(target, (db) => ingestFile(db, `${EXAMPLES}/healthy-run.jsonl`));

  test.each(FAMILIES)("$name: a normal body works, one byte over its cap is a 413 naming the cap", async (f) => {
    if (f.name === "auth/session") {
      const added = await call(
        addUser,
        "/api/v1/users",
        {},
        { method: "POST", headers: headers(), body: JSON.stringify(USER) },
      );
      expect([201, 409]).toContain(added.status);
    }
    const normal = JSON.stringify(f.body());
    const ok = await f.send({ method: f.method, headers: headers(), body: normal });
    expect(ok.status, JSON.stringify(ok.body).slice(0, 300)).toBe(f.ok);

    const over = padded(f.body(), f.limit + 1);
    expect(Buffer.byteLength(over)).toBe(f.limit + 1);
    const refused = await f.send({ method: f.method, headers: headers(), body: over });
    expect(refused.status).toBe(413);
    expect(refused.body.error).toMatchObject({ code: "payload_too_large", details: { limit_bytes: f.limit } });
    expect(refused.body.error.message).toContain(`${f.limit} bytes`);
  });

  test("a declared Content-Length over the cap is refused before the body is read", async () => {
    const { stream, seen } = countedStream(10 * 1024 * 1024);
    const res = await call(signIn, "/api/v1/auth/session", {}, {
      method: "POST",
      headers: headers({ "content-length": String(10 * 1024 * 1024) }),
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(seen.pulled).toBeLessThanOrEqual(32 * 1024); // at most what the stream queues on its own
  });

  test("a 100 MB body streamed without a length is cut after the cap, not read", async () => {
    const { stream, seen } = countedStream(100 * 1024 * 1024);
    const res = await call(signIn, "/api/v1/auth/session", {}, {
      method: "POST",
      headers: headers(),
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(res.body.error.message).toContain("64 KiB");
    expect(seen.pulled).toBeLessThan(JSON_BODY_LIMIT_BYTES + 256 * 1024);
  });

  test("malformed JSON is a 400 that names the problem and quotes nothing of the body", async () => {
    const body = '{"email": "lim@example.test", "password": "hunter2-secret"';
    const res = await call(signIn, "/api/v1/auth/session", {}, { method: "POST", headers: headers(), body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('the body is not JSON: send {"email", "password"}');
    expect(JSON.stringify(res.body)).not.toContain("hunter2");
  });
});
