// Password hashes of docs/accounts.md: scrypt (N=2^15, r=8, p=1) with a
// 16-byte random salt, stored as `scrypt$N$r$p$salt$hash` (base64url), so the
// cost can be raised later without breaking stored hashes. Verification is
// constant-time, and equal work: an unknown account (no hash) and an SSO-only
// one (no scrypt hash) still run one scrypt at PASSWORD_COST, so how long a
// wrong password takes does not tell which accounts exist or have a password
// (docs/accounts.md#sign-in-throttling). No pepper and no rehash-on-login yet.
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";

export type ScryptCost = { N: number; r: number; p: number };
/** The key derivation a check runs; an argument so a test can see which work each path does. */
export type DeriveKey = (password: string, salt: Buffer, cost: ScryptCost) => Promise<Buffer>;

const KEY_BYTES = 64;
const SALT_BYTES = 16;
/** The cost of new hashes, and of the stand-in check of an account without one. */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
// The salt of the stand-in check: any salt costs the same.
const DUMMY_SALT = randomBytes(SALT_BYTES);

/** scrypt of node:crypto, with the memory limit its cost needs. */
export const scrypt: DeriveKey = (password, salt, cost) =>
  new Promise((resolve, reject) =>
    scryptCb(password, salt, KEY_BYTES, { ...cost, maxmem: 256 * cost.N * cost.r }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );

/** A new stored hash of `password`. */
export async function hashPassword(password: string, cost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

type ParsedHash = { cost: ScryptCost; salt: Buffer; hash: Buffer };

function parseHash(stored: string): ParsedHash | null {
  const [kind, n, r, p, salt, hash] = stored.split("$");
  if (kind !== "scrypt" || !salt || !hash) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every((v) => Number.isInteger(v) && v > 0)) return null;
  return { cost, salt: Buffer.from(salt, "base64url"), hash: Buffer.from(hash, "base64url") };
}

/**
 * Whether `password` matches a hash made by hashPassword. False for no hash
 * (`null`: no such account) and for one that is not a scrypt hash (an SSO-only
 * account, a malformed row) — after the same scrypt work a real check does.
 */
export async function verifyPassword(password: string, stored: string | null, derive = scrypt): Promise<boolean> {
  const parsed = stored === null ? null : parseHash(stored);
  if (parsed === null) {
    await derive(password, DUMMY_SALT, PASSWORD_COST);
    return false;
  }
  const actual = await derive(password, parsed.salt, parsed.cost);
  return parsed.hash.length === actual.length && timingSafeEqual(parsed.hash, actual);
}
