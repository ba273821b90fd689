// The address users open Loopscope at, for links and examples the server
// writes out (the post-mortem's link back to its run, SSO redirect URLs, the
// curl and CLI examples of /settings and the empty runs page):
// LOOPSCOPE_PUBLIC_URL when set (behind a proxy), else the Host the browser
// used — Next's req.url names the bind address ("localhost"), which a reader
// on another machine cannot open.
import { headers } from "next/headers";
import { readEnv } from "@/lib/env";

/** A route handler's public origin: the fallback is the request's own URL. */
export function publicOrigin(req: Request): string {
  return originOf(req.headers, new URL(req.url).origin);
}

/** A page's public origin, from the request's headers; the fallback is this server on its PORT. */
export async function pagePublicOrigin(): Promise<string> {
  return originOf(await headers(), `http://localhost:${readEnv().PORT}`);
}

/** LOOPSCOPE_PUBLIC_URL, else the Host (and a forwarded proto) of these headers, else `fallback`. */
export function originOf(h: Pick<Headers, "get">, fallback: string): string {
  const configured = readEnv().LOOPSCOPE_PUBLIC_URL;
  if (configured) return new URL(configured).origin;
  const host = h.get("host");
  if (!host || !/^[\w.-]+(:\d+)?$|^\[[\da-f:.]+\](:\d+)?$/i.test(host)) return fallback;
  const proto = h.get("x-forwarded-proto")?.split(",")[0]?.trim();
  return `${proto === "https" || proto === "http" ? proto : new URL(fallback).protocol.replace(":", "")}://${host}`;
}
