// lib/http/forwarded.ts: X-Forwarded-Proto/Host/For are a proxy's word only
// when the server is configured to sit behind one; otherwise any client could
// send them, and they are not read at all.
import { describe, expect, test } from "vitest";
import { readForwarded, validHost } from "@/lib/http/forwarded";

const FORGED = {
  "x-forwarded-proto": "https",
  "x-forwarded-host": "evil.example",
  "x-forwarded-for": "10.9.9.9",
};

describe("readForwarded", () => {
  test("untrusted: nothing is read, however well-formed", () => {
    expect(readForwarded(new Headers(FORGED), false)).toEqual({ proto: null, host: null, for: null });
  });

  test.each([
    ["the headers of one proxy", FORGED, { proto: "https", host: "evil.example", for: "10.9.9.9" }],
    [
      "proto and host: the outermost entry; for: the client the nearest proxy saw",
      {
        "x-forwarded-proto": "HTTPS, http",
        "x-forwarded-host": "a.example, b.lan",
        "x-forwarded-for": "1.2.3.4, 10.0.0.7",
      },
      { proto: "https", host: "a.example", for: "10.0.0.7" },
    ],
    [
      "values that are no proto, host or address are dropped",
      { "x-forwarded-proto": "ftp", "x-forwarded-host": "a.example/path", "x-forwarded-for": "<script>" },
      { proto: null, host: null, for: null },
    ],
  ])("trusted: %s", (_, headers, expected) => {
    expect(readForwarded(new Headers(headers), true)).toEqual(expected);
  });
});

test.each([
  ["scope.example.com:8443", "scope.example.com:8443"],
  ["[::1]:3000", "[::1]:3000"],
  ["user@evil.example", null],
  ["evil.example/x", null],
  ["", null],
])("validHost(%j) is %j", (value, expected) => {
  expect(validHost(value)).toBe(expected);
});
