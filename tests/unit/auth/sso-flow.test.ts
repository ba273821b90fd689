// lib/auth/sso-flow.ts: PKCE S256, the signed flow cookie and the callback's
// checks (docs/accounts.md#github-and-openid-connect); the return path has return-path.test.ts.
import { describe, expect, test } from "vitest";
import {
  authorizeUrl,
  checkCallback,
  flowKey,
  FLOW_TTL_MS,
  newFlow,
  openFlow,
  pkceChallenge,
  sealFlow,
  type SsoError,
} from "@/lib/auth/sso-flow";

const NOW = 1_800_000_000_000;
const key = flowKey("oidc", "client-secret");

test("the PKCE challenge is the S256 of RFC 7636's example verifier", () => {
  expect(pkceChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
    "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
  );
});

test("each flow has its own random state, nonce and verifier", () => {
  const [a, b] = [newFlow("/runs", NOW), newFlow("/runs", NOW)];
  expect(new Set([a.state, a.nonce, a.verifier, b.state, b.nonce, b.verifier]).size).toBe(6);
  expect(a.verifier).toMatch(/^[\w-]{43}$/);
});

describe("the flow cookie", () => {
  const flow = newFlow("/runs/r-1", NOW);

  test("opens to the same flow before it expires", () => {
    expect(openFlow(sealFlow(flow, key), key, NOW + 1000)).toEqual(flow);
  });

  test("is refused once expired, when signed with another provider's or secret's key, or altered", () => {
    const sealed = sealFlow(flow, key);
    expect(openFlow(sealed, key, NOW + FLOW_TTL_MS)).toBeNull();
    expect(openFlow(sealed, flowKey("github", "client-secret"), NOW)).toBeNull();
    expect(openFlow(sealed, flowKey("oidc", "another-secret"), NOW)).toBeNull();
    const [payload, mac] = sealed.split(".");
    const altered = Buffer.from(JSON.stringify({ ...flow, returnTo: "/admin" })).toString("base64url");
    expect(openFlow(`${altered}.${mac}`, key, NOW)).toBeNull();
    expect(openFlow(`${payload}.${mac}.x`, key, NOW)).toBeNull();
    expect(openFlow(null, key, NOW)).toBeNull();
  });
});

test("the authorization URL adds our parameters and keeps the provider's own query", () => {
  const url = new URL(authorizeUrl("https://idp.test/authorize?tenant=a", { state: "s t", client_id: "c" }));
  expect(Object.fromEntries(url.searchParams)).toEqual({ tenant: "a", state: "s t", client_id: "c" });
});

describe("the callback", () => {
  const flow = newFlow("/runs", NOW);
  const reason = (query: string, f = flow) => {
    try {
      checkCallback(new URLSearchParams(query), f);
      return "accepted";
    } catch (err) {
      return (err as SsoError).reason;
    }
  };

  test("gives the code when the state is the cookie's", () => {
    expect(checkCallback(new URLSearchParams(`code=abc&state=${flow.state}`), flow)).toBe("abc");
  });

  test.each([
    ["error=access_denied", "denied"],
    ["code=abc&state=other", "state"],
    ["code=abc", "state"],
    [`state=${flow.state}`, "state"],
  ])("%s is refused as %s", (query, expected) => {
    expect(reason(query)).toBe(expected);
  });

  test("without a valid cookie nothing is accepted", () => {
    expect(reason(`code=abc&state=${flow.state}`, null as never)).toBe("state");
  });
});
