// The address users open Loopscope at, for links the server writes out (the
// post-mortem's link back to its run, SSO redirect URLs): LOOPSCOPE_PUBLIC_URL
// when set (behind a proxy), else the Host the browser used — Next's req.url
// names the bind address ("localhost"), which a reader on another machine
// cannot open.
import { readEnv } from "@/lib/env";

export function publicOrigin(req: Request): string {
  const configured = readEnv().LOOPSCOPE_PUBLIC_URL;
  if (configured) return new URL(configured).origin;
  const url = new URL(req.url);
  const host = req.headers.get("host");
  if (!host || !/^[\w.-]+(:\d+)?$|^\[[\da-f:.]+\](:\d+)?$/i.test(host)) return url.origin;
  const proto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  return `${proto === "https" || proto === "http" ? proto : url.protocol.replace(":", "")}://${host}`;
}
