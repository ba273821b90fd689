// Every route.ts of app/ that exports POST, PUT, PATCH or DELETE runs the one
// cross-origin check (docs/decisions.md#security): it calls
// requireSameOriginForBrowser, or hands the request to the OTLP receiver,
// which runs the same rule. A new data-changing route without it fails here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const MUTATING = /export\s+(?:const|(?:async\s+)?function)\s+(POST|PUT|PATCH|DELETE)\b/;
const CHECKED = /requireSameOriginForBrowser\(req\)|receiveOtlp\(/;

function routeFiles(dir = path.join(ROOT, "app")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name === "route.ts" ? [full] : [];
  });
}

const mutating = routeFiles()
  .filter((file) => MUTATING.test(readFileSync(file, "utf8")))
  .map((file) => path.relative(ROOT, file));

test("the walk finds the data-changing routes", () => {
  expect(mutating).toEqual(expect.arrayContaining(["app/api/v1/ingest/route.ts", "app/v1/traces/route.ts"]));
});

test.each(mutating)("%s runs the cross-origin check", (file) => {
  expect(readFileSync(path.join(ROOT, file), "utf8")).toMatch(CHECKED);
});
