import { describe, expect, test } from "vitest";
import { hashSecret, newApiKey, readPresented, secretsEqual } from "@/lib/auth/tokens";

const headers = (h: Record<string, string>) => new Headers(h);

describe("the credentials a request presents", () => {
  test.each([
    ["Bearer", { authorization: "Bearer sk-ls-abc" }, { kind: "token", token: "sk-ls-abc" }],
    ["bearer in any case", { authorization: "bearer sk-ls-abc" }, { kind: "token", token: "sk-ls-abc" }],
    ["x-api-key", { "x-api-key": "sk-ls-abc" }, { kind: "token", token: "sk-ls-abc" }],
    [
      "Basic public:secret (a colon in the secret kept)",
      { authorization: `Basic ${Buffer.from("pk-ls-1:sk:ls").toString("base64")}` },
      { kind: "pair", publicKey: "pk-ls-1", secret: "sk:ls" },
    ],
  ])("%s", (_name, h, expected) => {
    expect(readPresented(headers(h))).toEqual(expected);
  });

  test("no header is no credentials; an unknown scheme or a Basic without a colon is malformed", () => {
    expect(readPresented(headers({}))).toBeNull();
    expect(readPresented(headers({ authorization: "Digest x" }))).toBe("malformed");
    expect(readPresented(headers({ authorization: `Basic ${Buffer.from("nocolon").toString("base64")}` }))).toBe(
      "malformed",
    );
  });
});

describe("secrets", () => {
  test("a new key is a public pk-ls- and a secret sk-ls- of 32 random bytes", () => {
    const k = newApiKey();
    expect(k.publicKey).toMatch(/^pk-ls-[0-9a-f]{16}$/);
    expect(k.secretKey).toMatch(/^sk-ls-[\w-]{43}$/);
    expect(newApiKey().secretKey).not.toBe(k.secretKey);
  });

  test("a secret is stored as its SHA-256 and compared in constant time", () => {
    expect(hashSecret("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(secretsEqual("abc", "abc")).toBe(true);
    expect(secretsEqual("abc", "abcd")).toBe(false);
  });
});
