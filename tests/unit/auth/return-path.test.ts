// lib/auth/return-path.ts (docs/accounts.md#return-paths): after sign-in the
// browser goes to a path of this site, judged after URL normalisation, or to
// DEFAULT_RETURN_PATH — never to another host, however the path is spelled.
import { describe, expect, test } from "vitest";
import { DEFAULT_RETURN_PATH, MAX_RETURN_PATH_CHARS, safeReturnPath } from "@/lib/auth/return-path";

const BASE = "http://loopscope.invalid";

describe("a path of this site is kept, normalised", () => {
  test.each([
    ["/runs/r-1?tab=spans#t", "/runs/r-1?tab=spans#t"],
    ["/compare", "/compare"],
    ["/runs/../compare", "/compare"],
    ["/runs/./r-1", "/runs/r-1"],
    ["/runs/r%20one", "/runs/r%20one"],
    ["/runs/é", "/runs/%C3%A9"],
    ["/admin/users?x=%2F%2Fevil", "/admin/users?x=%2F%2Fevil"],
  ])("%j → %s", (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });
});

describe("anything that a browser could read as another site is the default", () => {
  test.each([
    // what was found: each normalises into `//host`
    ["/..//evil.example"],
    ["/.//x"],
    ["/%2e%2e//x"],
    ["/%2E%2E//x"],
    ["/./..//%2e/..//evil.example/phish"],
    // protocol-relative and backslash spellings
    ["//evil.example/x"],
    ["/\\evil"],
    ["\\\\evil"],
    ["/%5cevil"],
    ["/%5Cevil"],
    ["/%2f/evil"],
    ["/%2F%2Fevil"],
    // whitespace and control characters the URL parser would strip
    ["\t//x"],
    ["/\t/x"],
    ["/runs\n/x"],
    ["/runs%0a/x"],
    ["/runs\u007f"],
    [" /runs"],
    // schemes and relative paths
    ["https://x"],
    ["http://loopscope.invalid/runs"],
    ["javascript:alert(1)"],
    ["JavaScript:alert(1)"],
    ["data:text/html,<b>x</b>"],
    ["runs"],
    ["./runs"],
    // malformed percent-encoding, and overlong
    ["/runs/%E0%A4%A"],
    ["/%"],
    [`/${"a".repeat(MAX_RETURN_PATH_CHARS)}`],
  ])("%j", (raw) => {
    expect(safeReturnPath(raw)).toBe(DEFAULT_RETURN_PATH);
  });
});

test("the API and the sign-in page itself are not return paths (a loop)", () => {
  for (const raw of ["/api/v1/auth/oidc/start", "/sign-in?error=state", "/sign-in/", "/runs/../api/v1/users"]) {
    expect(safeReturnPath(raw)).toBe(DEFAULT_RETURN_PATH);
  }
});

test("anything but a string is the default", () => {
  for (const raw of [null, undefined, "", 42, ["/runs/r-1"], { pathname: "/runs" }]) {
    expect(safeReturnPath(raw)).toBe(DEFAULT_RETURN_PATH);
  }
});

test("every answer, resolved against this site, stays on this site and is not protocol-relative", () => {
  // A sweep of spellings built from the pieces attackers combine.
  const pieces = ["/", "\\", ".", "..", "%2e", "%2f", "%5c", "\t", "evil.example", ":", "@", "?", "#"];
  for (const a of pieces)
    for (const b of pieces)
      for (const c of pieces) {
        const answer = safeReturnPath(`/${a}${b}${c}`);
        expect(answer.startsWith("/") && !answer.startsWith("//") && !answer.includes("\\")).toBe(true);
        expect(new URL(answer, BASE).origin).toBe(BASE);
      }
});
