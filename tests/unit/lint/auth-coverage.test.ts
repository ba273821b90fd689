// Every page but sign-in, setup and the docs starts with requirePageUser, and
// every API route but the open ones names the access it needs
// (docs/accounts.md#what-is-open). A new page or route without it fails here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");

function filesNamed(name: string, dir = path.join(ROOT, "app")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesNamed(name, full);
    return e.name === name ? [path.relative(ROOT, full)] : [];
  });
}

const OPEN_PAGES = new Set([
  "app/sign-in/page.tsx",
  "app/setup/page.tsx",
  // An admin's one-time link: its token is the credential (docs/accounts.md#password-reset).
  "app/reset-password/page.tsx",
  "app/docs/page.tsx",
  "app/docs/[page]/page.tsx",
]);
const OPEN_ROUTES = new Set([
  "app/api/health/route.ts",
  "app/api/ready/route.ts",
  "app/api/v1/openapi.json/route.ts",
  "app/api/v1/auth/setup/route.ts",
  "app/api/v1/auth/session/route.ts",
  "app/api/v1/auth/password-reset/route.ts",
  // GitHub / OpenID Connect sign-in: the way a signed-out visitor gets a session.
  "app/api/v1/auth/[provider]/start/route.ts",
  "app/api/v1/auth/[provider]/callback/route.ts",
]);

const pages = filesNamed("page.tsx").filter((f) => !OPEN_PAGES.has(f));
const routes = filesNamed("route.ts").filter((f) => !OPEN_ROUTES.has(f));

test("the walk finds the pages and routes", () => {
  expect(pages).toEqual(expect.arrayContaining(["app/runs/page.tsx", "app/admin/page.tsx"]));
  expect(routes).toEqual(expect.arrayContaining(["app/api/v1/ingest/route.ts", "app/v1/traces/route.ts"]));
});

test.each(pages)("%s requires a signed-in user", (file) => {
  expect(readFileSync(path.join(ROOT, file), "utf8")).toMatch(/await requirePageUser\(\)/);
});

test.each(routes)("%s checks access", (file) => {
  expect(readFileSync(path.join(ROOT, file), "utf8")).toMatch(
    /requireAccess\(req, |requireIngestAuth\(req\)|requireIngestAccess\(req\)|receiveOtlp\(/,
  );
});
