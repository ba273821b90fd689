// Accounts on for one suite (the integration project runs with LOOPSCOPE_AUTH=off),
// with LOOPSCOPE_API_KEY set to ENV_KEY; both restored after.
import { afterAll, beforeAll } from "vitest";

export const ENV_KEY = "integration-env-key-0123456789";

export function useAccountsOn(): void {
  const before = { auth: process.env.LOOPSCOPE_AUTH, key: process.env.LOOPSCOPE_API_KEY };
  beforeAll(() => {
    process.env.LOOPSCOPE_AUTH = "on";
    process.env.LOOPSCOPE_API_KEY = ENV_KEY;
  });
  afterAll(() => {
    process.env.LOOPSCOPE_AUTH = before.auth;
    if (before.key === undefined) delete process.env.LOOPSCOPE_API_KEY;
    else process.env.LOOPSCOPE_API_KEY = before.key;
  });
}

/** The `name=value` of a Set-Cookie header, to send back as Cookie. */
export function cookieOf(headers: Headers): string {
  const set = headers.get("set-cookie") ?? "";
  return set.split(";")[0] ?? "";
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
export const basic = (pub: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${pub}:${secret}`).toString("base64")}`,
});
export const xApiKey = (key: string) => ({ "x-api-key": key });
