// lib/http/percent-encoding.ts (docs/api.md#errors): which paths proxy.ts
// answers with a 400 before any route decodes them.
import { expect, test } from "vitest";
import { hasMalformedPercentEncoding } from "@/lib/http/percent-encoding";

test.each(["/runs/%ZZ", "/runs/%E0%A4%A", "/%", "/docs/%E0%A4", "/a%2", "/%C3%28"])("%s is malformed", (path) => {
  expect(hasMalformedPercentEncoding(path)).toBe(true);
});

test.each(["/runs", "/runs/r%201", "/runs/%C3%A9", "/api/v1/runs/a%2Fb", "/runs/%25E0", "/runs/é"])(
  "%s is well formed",
  (path) => {
    expect(hasMalformedPercentEncoding(path)).toBe(false);
  },
);
