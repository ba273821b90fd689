// lib/http/public-origin.ts and app/_server/public-origin.ts: links the server
// writes out never take a request's Host alone — LOOPSCOPE_PUBLIC_URL, else a
// trusted proxy's forwarded host, else the address the server listens on.
import { afterEach, describe, expect, test, vi } from "vitest";
import { originOf, publicOrigin } from "@/app/_server/public-origin";
import { listenOriginOf, resolvePublicOrigin } from "@/lib/http/public-origin";

const LISTEN = "http://localhost:3000";
const resolve = (headers: Record<string, string>, opts: { trustProxies?: boolean; publicUrl?: string } = {}) =>
  resolvePublicOrigin({
    publicUrl: opts.publicUrl,
    trustProxies: opts.trustProxies ?? false,
    headers: new Headers(headers),
    listenOrigin: LISTEN,
  });

describe("resolvePublicOrigin", () => {
  test.each([
    ["a forged Host is not a link", { host: "evil.example" }, "http://localhost:3000"],
    ["a forged X-Forwarded-Host is not a link", { "x-forwarded-host": "evil.example" }, "http://localhost:3000"],
    ["a forged X-Forwarded-Proto does not make it https", { "x-forwarded-proto": "https" }, "http://localhost:3000"],
  ])("without a trusted proxy: %s", (_, headers, expected) => {
    expect(resolve(headers)).toBe(expected);
  });

  test.each([
    [
      "the forwarded host and proto",
      { host: "10.0.0.2:3000", "x-forwarded-host": "scope.example.com", "x-forwarded-proto": "https" },
      "https://scope.example.com",
    ],
    ["the Host the proxy sent, when it forwards none", { host: "scope.example.com" }, "http://scope.example.com"],
    ["the outermost proxy's entry", { "x-forwarded-host": "a.example, b.internal" }, "http://a.example"],
    ["a malformed forwarded host falls back to the listen address", { "x-forwarded-host": "evil/x?y" }, LISTEN],
    [
      "a proto that is neither http nor https is http",
      { host: "s.example", "x-forwarded-proto": "gopher" },
      "http://s.example",
    ],
  ])("behind a trusted proxy: %s", (_, headers, expected) => {
    expect(resolve(headers, { trustProxies: true })).toBe(expected);
  });

  test("LOOPSCOPE_PUBLIC_URL wins over every header, its path dropped", () => {
    const headers = { host: "10.0.0.5", "x-forwarded-host": "other.example" };
    expect(resolve(headers, { trustProxies: true, publicUrl: "https://ls.internal/app" })).toBe("https://ls.internal");
  });

  test("a wildcard listen address is read as localhost", () => {
    const at = (listenOrigin: string) =>
      resolvePublicOrigin({ publicUrl: undefined, trustProxies: false, headers: new Headers(), listenOrigin });
    expect(at("http://0.0.0.0:3000")).toBe("http://localhost:3000");
    expect(at("https://[::]:4000")).toBe("http://localhost:4000");
  });
});

test.each([
  [undefined, 3000, "http://localhost:3000"],
  ["0.0.0.0", 3000, "http://localhost:3000"],
  ["127.0.0.1", 4123, "http://127.0.0.1:4123"],
  ["::1", 80, "http://[::1]:80"],
  ["scope.lan", 3000, "http://scope.lan:3000"],
])("listenOriginOf(HOST %s, PORT %i) is %s", (host, port, expected) => {
  expect(listenOriginOf(host, port)).toBe(expected);
});

describe("the public origin of a route (app/_server/public-origin.ts)", () => {
  afterEach(() => vi.unstubAllEnvs());
  const req = (headers: Record<string, string>) => new Request("http://127.0.0.1:3921/api/v1/x", { headers });

  test("a forged Host on the report's request leaves the link on the listen address", () => {
    expect(publicOrigin(req({ host: "evil.example", "x-forwarded-proto": "https" }))).toBe("http://127.0.0.1:3921");
  });

  test("LOOPSCOPE_TRUSTED_PROXIES=* reads the proxy's headers; LOOPSCOPE_PUBLIC_URL wins", () => {
    vi.stubEnv("LOOPSCOPE_TRUSTED_PROXIES", "*");
    const proxied = { "x-forwarded-host": "scope.example.com", "x-forwarded-proto": "https" };
    expect(publicOrigin(req(proxied))).toBe("https://scope.example.com");
    vi.stubEnv("LOOPSCOPE_PUBLIC_URL", "https://ls.internal/app");
    expect(originOf(new Headers(proxied), LISTEN)).toBe("https://ls.internal");
  });
});
