// lib/http/same-origin.ts: a request that changes data is refused when a
// browser page of another origin sent it (its Origin is not this server's
// host); clients that are no browser send no Origin and pass.
import { describe, expect, test } from "vitest";
import { checkSameOrigin } from "@/lib/http/same-origin";

const URL_ = "http://localhost:3000/api/v1/ingest";
const check = (method: string, headers: Record<string, string>, url = URL_) =>
  checkSameOrigin(method, new Headers(headers), url).ok;

describe("checkSameOrigin", () => {
  test.each([
    ["curl or the CLI: no Origin", "POST", {}],
    ["the app's own page", "POST", { origin: "http://localhost:3000", host: "localhost:3000" }],
    ["a default port written out", "DELETE", { origin: "https://scope.example.com", host: "scope.example.com:443" }],
    ["a read, from anywhere", "GET", { origin: "https://evil.example" }],
    ["a browser's own navigation", "POST", { "sec-fetch-site": "same-origin" }],
  ])("passes %s", (_name, method, headers) => {
    expect(check(method, headers)).toBe(true);
  });

  test.each([
    ["a cross-site form post", "POST", { origin: "https://evil.example", host: "localhost:3000" }],
    ["another port of the same host", "POST", { origin: "http://localhost:8080", host: "localhost:3000" }],
    ["a sandboxed frame (Origin: null)", "POST", { origin: "null", host: "localhost:3000" }],
    ["a cross-site request without Origin", "DELETE", { "sec-fetch-site": "cross-site" }],
    ["a PATCH from elsewhere", "PATCH", { origin: "http://evil.example" }],
  ])("refuses %s", (_name, method, headers) => {
    expect(check(method, headers)).toBe(false);
  });

  test("X-Forwarded-Host names the server only behind a trusted proxy", () => {
    const proxied = new Headers({ origin: "https://scope.example.com", "x-forwarded-host": "scope.example.com" });
    expect(checkSameOrigin("PUT", proxied, URL_).ok).toBe(false);
    expect(checkSameOrigin("PUT", proxied, URL_, { trustProxies: true }).ok).toBe(true);
  });

  test("LOOPSCOPE_PUBLIC_URL's host is the server's, whatever the proxy sends", () => {
    const rewritten = new Headers({ origin: "https://scope.example.com", host: "localhost:3000" });
    expect(checkSameOrigin("POST", rewritten, URL_, { publicUrl: "https://scope.example.com/" }).ok).toBe(true);
  });

  test("without a Host header the request URL's host is the server's", () => {
    expect(check("POST", { origin: "http://localhost:3000" })).toBe(true);
    expect(check("POST", { origin: "http://localhost:3000" }, "http://test.local/api/v1/ingest")).toBe(false);
  });

  test("the refusal says what to do instead and quotes nothing that was sent", () => {
    const verdict = checkSameOrigin("POST", new Headers({ origin: "https://evil.example" }), URL_);
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.reason).toMatch(/another origin.*the CLI, curl/);
    expect(!verdict.ok && verdict.reason).not.toContain("evil");
  });
});
