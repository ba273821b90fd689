// API keys of the project (docs/accounts.md#api-keys): created with their
// scopes, listed without their secret, revoked (kept, never deleted, so the
// list shows what was once valid). Lookups skip revoked keys.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { KeyScope } from "@/lib/auth/roles";
import { ApiError } from "@/lib/errors";
import type { KeyOut } from "@/lib/schemas/auth";
import { formatTimeUs } from "@/lib/time";
import { rowsOf, type Db } from "./client";
import { apiKeys } from "./schema";

type KeyRow = {
  key_id: string;
  name: string;
  public_key: string;
  secret_hint: string;
  secret_hash: string;
  scopes: KeyScope[];
  created_us: number | string;
  used_us: number | string | null;
  revoked_us: number | string | null;
};

const us = (col: string) => sql.raw(`(extract(epoch from ${col}) * 1000000)::float8`);
const SELECT = sql`SELECT key_id, name, public_key, secret_hint, secret_hash, scopes,
  ${us("created_at")} AS created_us, ${us("last_used_at")} AS used_us, ${us("revoked_at")} AS revoked_us FROM api_keys`;
const time = (v: number | string | null) => (v === null ? null : formatTimeUs(Number(v)));

const toOut = (r: KeyRow): KeyOut => ({
  key_id: r.key_id,
  name: r.name,
  public_key: r.public_key,
  secret_hint: r.secret_hint,
  scopes: typeof r.scopes === "string" ? (JSON.parse(r.scopes) as KeyScope[]) : r.scopes,
  created_at: formatTimeUs(Number(r.created_us)),
  last_used_at: time(r.used_us),
  revoked_at: time(r.revoked_us),
});

export type NewKeyRow = { name: string; publicKey: string; secretHash: string; secretHint: string; scopes: KeyScope[] };

export async function insertApiKey(db: Db, k: NewKeyRow, createdBy: string | null): Promise<KeyOut> {
  const keyId = `k-${randomUUID()}`;
  await db.insert(apiKeys).values({ keyId, ...k, createdBy });
  return (await findKey(db, sql`key_id = ${keyId}`, { activeOnly: false }))!;
}

async function findKey(db: Db, where: ReturnType<typeof sql>, { activeOnly = true } = {}): Promise<KeyOut | null> {
  const active = activeOnly ? sql` AND revoked_at IS NULL` : sql``;
  const [row] = rowsOf<KeyRow>(await db.execute(sql`${SELECT} WHERE ${where}${active}`));
  return row ? toOut(row) : null;
}

/** The unrevoked key whose secret has this hash (Bearer, x-api-key), noting its use. */
export async function findActiveKeyBySecretHash(
  db: Db,
  secretHash: string,
  publicKey?: string,
): Promise<KeyOut | null> {
  const pub = publicKey === undefined ? sql`` : sql` AND public_key = ${publicKey}`;
  const key = await findKey(db, sql`secret_hash = ${secretHash}${pub}`);
  if (key) await db.execute(sql`UPDATE api_keys SET last_used_at = now() WHERE key_id = ${key.key_id}`);
  return key;
}

/** Every key, newest first, never with a secret. */
export async function listApiKeys(db: Db): Promise<KeyOut[]> {
  return rowsOf<KeyRow>(await db.execute(sql`${SELECT} ORDER BY created_at DESC, key_id`)).map(toOut);
}

/** Revoke a key (idempotent); 404 for an unknown id. */
export async function revokeApiKey(db: Db, keyId: string): Promise<KeyOut> {
  await db.execute(sql`UPDATE api_keys SET revoked_at = now() WHERE key_id = ${keyId} AND revoked_at IS NULL`);
  const key = await findKey(db, sql`key_id = ${keyId}`, { activeOnly: false });
  if (!key) throw new ApiError("not_found", `no API key "${keyId}"`);
  return key;
}
