// The one way SSO talks to a provider (docs/accounts.md#github-and-openid-connect):
// JSON in, a schema-checked value out, within FETCH_TIMEOUT_MS. Any failure —
// unreachable, a non-2xx status, not JSON, an unexpected shape — is an
// SsoError("provider") naming the status only: answers may hold tokens.
import type { z } from "zod";
import { SsoError } from "@/lib/auth/sso-flow";

const FETCH_TIMEOUT_MS = 10_000;

export async function fetchJson<S extends z.ZodType>(
  schema: S,
  url: string,
  init: RequestInit = {},
): Promise<z.output<S>> {
  const headers = {
    accept: "application/json",
    "user-agent": "loopscope",
    ...(init.headers as Record<string, string>),
  };
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers, redirect: "error", signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (err) {
    throw new SsoError("provider", `${new URL(url).host} could not be reached (${(err as Error).name})`);
  }
  const where = `${new URL(url).host}${new URL(url).pathname}`;
  if (!res.ok) throw new SsoError("provider", `${where} answered ${res.status}`);
  const body: unknown = await res.json().catch(() => undefined);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new SsoError("provider", `${where} answered an unexpected shape`);
  return parsed.data;
}
