// The address users open Loopscope at, for links and examples the server
// writes out (the post-mortem's link back to its run, SSO redirect URLs, the
// curl and CLI examples of /settings and the empty runs page). The rule is
// lib/http/public-origin.ts (docs/accounts.md#public-url): never a request's
// Host alone. A route's listen address is HOST with its req.url's port: `next
// start` builds req.url from `localhost` whatever -H says, never from the
// Host header; without HOST (a handler called in a test) it is req.url's.
import { headers } from "next/headers";
import { readEnv } from "@/lib/env";
import { listenOriginOf, resolvePublicOrigin } from "@/lib/http/public-origin";
import type { HeaderSource } from "@/lib/http/forwarded";

/** A route handler's public origin. */
export function publicOrigin(req: Request): string {
  const url = new URL(req.url);
  const { HOST, PORT } = readEnv();
  const listen = HOST ? listenOriginOf(HOST, Number(url.port) || PORT) : url.origin;
  return originOf(req.headers, listen);
}

/** A page's public origin: this server on its HOST and PORT when nothing else is trusted. */
export async function pagePublicOrigin(): Promise<string> {
  const env = readEnv();
  return originOf(await headers(), listenOriginOf(env.HOST, env.PORT));
}

/** LOOPSCOPE_PUBLIC_URL, else a trusted proxy's forwarded host, else `listenOrigin`. */
export function originOf(h: HeaderSource, listenOrigin: string): string {
  const env = readEnv();
  return resolvePublicOrigin({
    publicUrl: env.LOOPSCOPE_PUBLIC_URL,
    trustProxies: env.LOOPSCOPE_TRUSTED_PROXIES !== undefined,
    headers: h,
    listenOrigin,
  });
}
