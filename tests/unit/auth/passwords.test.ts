import { describe, expect, test } from "vitest";
import {
  PASSWORD_COST,
  hashPassword,
  scrypt,
  verifyPassword,
  type DeriveKey,
  type ScryptCost,
} from "@/lib/auth/passwords";
import { NO_PASSWORD_HASH } from "@/lib/auth/sso-config";

const CHEAP = { N: 1024, r: 8, p: 1 };

describe("password hashes", () => {
  test("the right password verifies, a wrong one does not", async () => {
    const stored = await hashPassword("correct horse battery", CHEAP);
    await expect(verifyPassword("correct horse battery", stored)).resolves.toBe(true);
    await expect(verifyPassword("correct horse batterY", stored)).resolves.toBe(false);
  });

  test("two hashes of one password differ (a random salt each)", async () => {
    expect(await hashPassword("same", CHEAP)).not.toBe(await hashPassword("same", CHEAP));
  });

  test("a hash records its cost, so a stored hash verifies after the default changes", async () => {
    const stored = await hashPassword("pw", CHEAP);
    expect(stored.startsWith("scrypt$1024$8$1$")).toBe(true);
    await expect(verifyPassword("pw", stored)).resolves.toBe(true);
  });

  test.each(["", "plain", "bcrypt$1$2$3$a$b", "scrypt$x$8$1$a$b"])("a malformed hash %j never verifies", async (h) => {
    await expect(verifyPassword("pw", h)).resolves.toBe(false);
  });
});

describe("equal work for accounts without a password", () => {
  const recording = () => {
    const calls: ScryptCost[] = [];
    const derive: DeriveKey = (password, salt, cost) => {
      calls.push(cost);
      return scrypt(password, salt, CHEAP);
    };
    return { calls, derive };
  };

  test.each([
    ["an unknown account (no hash)", null],
    ["an SSO-only account", NO_PASSWORD_HASH],
    ["a malformed hash", "scrypt$x$8$1$a$b"],
  ])("%s runs one scrypt at the cost of new hashes, and is false", async (_, stored) => {
    const { calls, derive } = recording();
    await expect(verifyPassword("pw", stored, derive)).resolves.toBe(false);
    expect(calls).toEqual([PASSWORD_COST]);
  });

  test("a real hash runs one scrypt at its own cost", async () => {
    const { calls, derive } = recording();
    await verifyPassword("pw", await hashPassword("pw", PASSWORD_COST), derive);
    expect(calls).toEqual([PASSWORD_COST]);
  });
});
