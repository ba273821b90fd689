// API keys (docs/accounts.md#api-keys) on PGlite and Postgres: a key's secret
// is answered once and stored as its SHA-256; Bearer, Basic public:secret and
// x-api-key are accepted on the JSON API and the OTLP receiver; a revoked key
// and a key without the scope are refused; no credentials is a 401 in the
// app's error shape on every route that changes data; health stays open.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { POST as ingest } from "@/app/api/v1/ingest/route";
import { GET as listKeys, POST as createKey } from "@/app/api/v1/keys/route";
import { DELETE as revokeKey } from "@/app/api/v1/keys/[keyId]/route";
import { GET as listRuns } from "@/app/api/v1/runs/route";
import { DELETE as deleteRun } from "@/app/api/v1/runs/[runId]/route";
import { POST as comment } from "@/app/api/v1/runs/[runId]/comments/route";
import { GET as getSettings, PUT as putSettings } from "@/app/api/v1/settings/route";
import { POST as otlpMetrics } from "@/app/v1/metrics/route";
import { rowsOf } from "@/db/client";
import { hashSecret } from "@/lib/auth/tokens";
import type { KeyCreated } from "@/lib/schemas/auth";
import { targets } from "./support/databases";
import { basic, bearer, ENV_KEY, useAccountsOn, xApiKey } from "./support/auth";
import { EXAMPLES, ingestFile } from "./support/ingest";
import { call, serveDatabase } from "./support/route";

const LINE = '{"type":"run","run_id":"r-key","name":"sent with a key"}\n';
const send = (headers: Record<string, string>) =>
  call(
    ingest,
    "/api/v1/ingest",
    {},
    { method: "POST", headers: { "content-type": "application/x-ndjson", ...headers }, body: LINE },
  );
const metrics = async (headers: Record<string, string>) =>
  (
    await otlpMetrics(
      new Request("http://test.local/v1/metrics", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: "{}",
      }),
    )
  ).status;

describe.each(targets)("API keys on $name", (target) => {
  useAccountsOn();
  const suite = serveDatabase(target, (db) => ingestFile(db, `${EXAMPLES}/healthy-run.jsonl`));
  const newKey = async (name: string, scopes: string[]) => {
    const res = await call(
      createKey,
      "/api/v1/keys",
      {},
      {
        method: "POST",
        headers: { ...bearer(ENV_KEY), "content-type": "application/json" },
        body: JSON.stringify({ name, scopes }),
      },
    );
    expect(res.status).toBe(201);
    return res.body as KeyCreated;
  };

  test("a new key's secret is answered once and stored only as its SHA-256", async () => {
    const created = await newKey("ci", ["ingest"]);
    expect(created.secret_key).toMatch(/^sk-ls-[\w-]{43}$/);
    expect(created.key).toMatchObject({ name: "ci", scopes: ["ingest"], revoked_at: null });
    const listed = await call(listKeys, "/api/v1/keys", {}, { headers: bearer(ENV_KEY) });
    expect(JSON.stringify(listed.body)).not.toContain(created.secret_key);
    const rows = rowsOf<Record<string, unknown>>(
      await suite.db.execute(sql`SELECT * FROM api_keys WHERE key_id = ${created.key.key_id}`),
    );
    expect(rows[0]?.secret_hash).toBe(hashSecret(created.secret_key));
    expect(JSON.stringify(rows)).not.toContain(created.secret_key);
  });

  test("Bearer, Basic public:secret and x-api-key are each accepted, on the JSON API and OTLP", async () => {
    const { key, secret_key } = await newKey("harness", ["ingest"]);
    for (const headers of [bearer(secret_key), basic(key.public_key, secret_key), xApiKey(secret_key)]) {
      expect((await send(headers)).status).toBe(200);
      expect(await metrics(headers)).toBe(200);
    }
  });

  test("Basic with another key's public key, or an unknown secret, is a 401", async () => {
    const a = await newKey("a", ["ingest"]);
    const b = await newKey("b", ["ingest"]);
    expect((await send(basic(b.key.public_key, a.secret_key))).status).toBe(401);
    expect((await send(bearer("sk-ls-not-a-key"))).status).toBe(401);
    expect(await metrics(bearer("sk-ls-not-a-key"))).toBe(401);
  });

  test("a revoked key is refused at once and stays listed with its revocation time", async () => {
    const { key, secret_key } = await newKey("old", ["ingest"]);
    const revoked = await call(
      revokeKey,
      `/api/v1/keys/${key.key_id}`,
      { keyId: key.key_id },
      { method: "DELETE", headers: bearer(ENV_KEY) },
    );
    expect(revoked.body.key.revoked_at).toMatch(/^\d{4}-/);
    expect((await send(bearer(secret_key))).status).toBe(401);
  });

  test("a key acts only within its scopes: ingest cannot read, read cannot ingest (403)", async () => {
    const ingestOnly = await newKey("in", ["ingest"]);
    const readOnly = await newKey("out", ["read"]);
    expect((await call(getSettings, "/api/v1/settings", {}, { headers: bearer(ingestOnly.secret_key) })).status).toBe(
      403,
    );
    expect((await call(getSettings, "/api/v1/settings", {}, { headers: bearer(readOnly.secret_key) })).status).toBe(
      200,
    );
    expect((await send(bearer(readOnly.secret_key))).body).toMatchObject({ error: { code: "forbidden" } });
    expect(await metrics(bearer(readOnly.secret_key))).toBe(403);
    expect((await call(listKeys, "/api/v1/keys", {}, { headers: bearer(readOnly.secret_key) })).status).toBe(403);
  });

  test("without credentials ingest, OTLP, delete, a settings change and a comment are 401 in the error shape", async () => {
    const none = { "content-type": "application/json" };
    const answers = [
      await send({}),
      await call(deleteRun, "/api/v1/runs/r-healthy", { runId: "r-healthy" }, { method: "DELETE" }),
      await call(putSettings, "/api/v1/settings", {}, { method: "PUT", headers: none, body: "{}" }),
      await call(
        comment,
        "/api/v1/runs/r-healthy/comments",
        { runId: "r-healthy" },
        { method: "POST", headers: none, body: '{"author":"a","body":"b"}' },
      ),
      await call(listRuns, "/api/v1/runs", {}),
    ];
    for (const a of answers) expect(a).toMatchObject({ status: 401, body: { error: { code: "unauthorized" } } });
    expect(await metrics({})).toBe(401);
    expect((await health()).status).toBe(200);
  });

  test("LOOPSCOPE_API_KEY acts as an admin: it deletes a run", async () => {
    const del = await call(
      deleteRun,
      "/api/v1/runs/r-healthy",
      { runId: "r-healthy" },
      { method: "DELETE", headers: xApiKey(ENV_KEY) },
    );
    expect(del.status).toBe(200);
  });
});
