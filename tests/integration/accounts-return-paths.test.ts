// docs/accounts.md#return-paths through the real SSO routes: whatever
// `return_to` the start is given, the callback that signs the browser in
// redirects to a path of this site — `/runs` for every spelling of another
// host — and so does a flow cookie sealed with an unsafe path (one issued
// before the rule changed).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { GET as callback } from "@/app/api/v1/auth/[provider]/callback/route";
import { GET as start } from "@/app/api/v1/auth/[provider]/start/route";
import { DEFAULT_RETURN_PATH } from "@/lib/auth/return-path";
import { flowKey, openFlow, sealFlow } from "@/lib/auth/sso-flow";
import { useAccountsOn } from "./support/auth";
import { targets } from "./support/databases";
import { CLIENT, startFakeOidc } from "./support/fake-sso";
import { serveDatabase } from "./support/route";

const ORIGIN = "http://loopscope.test";
const KEY = flowKey("oidc", CLIENT.secret);

async function hit(handler: typeof start, path: string, cookie?: string) {
  const req = new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
  const res = await handler(req, { params: Promise.resolve({ provider: "oidc" }) });
  const cookies = res.headers.getSetCookie();
  return { status: res.status, location: res.headers.get("location") ?? "", cookies };
}

/** A path the browser resolves on this origin: not protocol-relative, no backslash. */
function expectSameOriginPath(location: string) {
  expect(location).toMatch(/^\/(?![/\\])/);
  expect(location).not.toContain("\\");
  expect(new URL(location, ORIGIN).origin).toBe(ORIGIN);
}

describe("the SSO callback's redirect", () => {
  useAccountsOn();
  serveDatabase(targets[0]!);
  let oidc: Awaited<ReturnType<typeof startFakeOidc>>;
  const saved: Record<string, string | undefined> = {};
  const vars = () => ({
    LOOPSCOPE_OIDC_ISSUER: oidc.issuer,
    LOOPSCOPE_OIDC_CLIENT_ID: CLIENT.id,
    LOOPSCOPE_OIDC_CLIENT_SECRET: CLIENT.secret,
  });
  beforeAll(async () => {
    oidc = await startFakeOidc();
    for (const [name, value] of Object.entries(vars())) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
  });
  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await oidc.close();
  });

  /** Start with `returnTo`, sign in at the provider, come back; `reseal` may change the flow cookie first. */
  async function signInReturningTo(returnTo: string, reseal?: (cookie: string) => string) {
    const begun = await hit(start, `/api/v1/auth/oidc/start?return_to=${encodeURIComponent(returnTo)}`);
    expect(begun.status).toBe(302);
    const authorize = new URL(begun.location);
    const code = oidc.grant(authorize, { email: "ada@example.test" });
    const state = authorize.searchParams.get("state")!;
    const cookie = begun.cookies[0]!.split(";")[0]!;
    const back = await hit(
      callback,
      `/api/v1/auth/oidc/callback?code=${code}&state=${state}`,
      reseal?.(cookie) ?? cookie,
    );
    expect(back.cookies.some((c) => c.startsWith("loopscope_session="))).toBe(true);
    return back;
  }

  test.each([
    "/..//evil.example",
    "/.//x",
    "/%2e%2e//x",
    "//evil.example/phish",
    "/\\evil",
    "/%5cevil",
    "\t//x",
    "https://x",
    "javascript:alert(1)",
    "/runs/%E0%A4%A",
  ])("return_to=%j signs in and returns to /runs", async (returnTo) => {
    const back = await signInReturningTo(returnTo);
    expect(back).toMatchObject({ status: 302, location: DEFAULT_RETURN_PATH });
    expectSameOriginPath(back.location);
  });

  test("a path of this site is kept, normalised", async () => {
    const back = await signInReturningTo("/runs/../compare?a=1#x");
    expect(back.location).toBe("/compare?a=1#x");
    expectSameOriginPath(back.location);
  });

  test("a flow cookie sealed with an unsafe path still returns to /runs", async () => {
    const back = await signInReturningTo("/runs", (cookie) => {
      const [name, sealed] = cookie.split("=");
      const flow = openFlow(sealed!, KEY, Date.now())!;
      return `${name}=${sealFlow({ ...flow, returnTo: "/..//evil.example" }, KEY)}`;
    });
    expect(back.location).toBe(DEFAULT_RETURN_PATH);
  });
});
