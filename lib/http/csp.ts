// The Content-Security-Policy (docs/decisions.md#security). A page's scripts
// run only with the nonce proxy.ts makes for its request: Next puts it on its
// bootstrap and chunk scripts (it reads it from the request's CSP header), and
// 'strict-dynamic' lets the scripts they load run too; an injected inline or
// same-origin script has no nonce and does not run. Styles keep
// 'unsafe-inline': React's style attributes and the charts' inline styles
// cannot carry a nonce. (The API's answers get next.config.ts's policy, which
// allows nothing.) Pure but for the nonce's randomness.
import { randomBytes } from "node:crypto";

const COMMON = [
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/** 128 random bits, base64: unguessable, fresh for every page request. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** A page's policy: scripts with `nonce` only (`next dev` also needs eval for its overlay). */
export function pagePolicy(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    ...COMMON,
  ].join("; ");
}
