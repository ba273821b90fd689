// app/_server/public-origin.ts: links the server writes out use the address the
// browser used (or LOOPSCOPE_PUBLIC_URL), not the bind address Next puts in req.url.
import { afterEach, describe, expect, test, vi } from "vitest";
import { originOf, publicOrigin } from "@/app/_server/public-origin";

const req = (headers: Record<string, string>) => new Request("http://localhost:3000/api/v1/x", { headers });

describe("the public origin of a request", () => {
  afterEach(() => vi.unstubAllEnvs());

  test("the Host header the browser sent, with a forwarded https", () => {
    expect(publicOrigin(req({ host: "127.0.0.1:4123" }))).toBe("http://127.0.0.1:4123");
    expect(publicOrigin(req({ host: "loopscope.example.com", "x-forwarded-proto": "https" }))).toBe(
      "https://loopscope.example.com",
    );
  });

  test("a missing or malformed Host falls back to the request URL", () => {
    expect(publicOrigin(req({}))).toBe("http://localhost:3000");
    expect(publicOrigin(req({ host: "evil.com/path?x" }))).toBe("http://localhost:3000");
  });

  test("LOOPSCOPE_PUBLIC_URL wins", () => {
    vi.stubEnv("LOOPSCOPE_PUBLIC_URL", "https://ls.internal/app");
    expect(publicOrigin(req({ host: "127.0.0.1:4123" }))).toBe("https://ls.internal");
  });
});

describe("the public origin of a page (its request's headers)", () => {
  afterEach(() => vi.unstubAllEnvs());
  const headers = (h: Record<string, string>) => new Headers(h);

  test("the Host the browser used, so the settings page's examples name this server", () => {
    expect(originOf(headers({ host: "10.0.0.5:3921" }), "http://localhost:3000")).toBe("http://10.0.0.5:3921");
    expect(originOf(headers({ host: "ls.example.com", "x-forwarded-proto": "https" }), "http://localhost:3000")).toBe(
      "https://ls.example.com",
    );
  });

  test("no usable Host: the fallback; LOOPSCOPE_PUBLIC_URL wins over both", () => {
    expect(originOf(headers({}), "http://localhost:4000")).toBe("http://localhost:4000");
    vi.stubEnv("LOOPSCOPE_PUBLIC_URL", "https://ls.internal/app");
    expect(originOf(headers({ host: "10.0.0.5:3921" }), "http://localhost:4000")).toBe("https://ls.internal");
  });
});
