import { describe, expect, test } from "vitest";
import { newNonce, pagePolicy } from "@/lib/http/csp";

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1);

describe("the page policy", () => {
  test("scripts run only with the request's nonce and what they load; never inline, never eval", () => {
    const script = directive(pagePolicy("abc123=="), "script-src");
    expect(script).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(directive(pagePolicy("n", true), "script-src")).toContain("'unsafe-eval'");
  });

  test("no page may be framed, post elsewhere or load an object", () => {
    const policy = pagePolicy("n");
    expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(policy, "form-action")).toEqual(["'self'"]);
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
  });

  test("a nonce is 128 random bits, new every time", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const n of nonces) expect(Buffer.from(n, "base64")).toHaveLength(16);
  });
});
