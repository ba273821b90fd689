import { describe, expect, test } from "vitest";
import { decodeCookieValue, readCookie } from "@/lib/http/cookies";

describe("readCookie", () => {
  test.each([
    ["the named cookie among others", "a=1; loopscope_lsn=0/16B3748; b=2", "0/16B3748"],
    ["a value holding '=' whole", "flow=abc==; x=1", "abc=="],
    ["whitespace around pairs ignored", "  x=1 ;flow=v  ", "v"],
  ])("%s", (_, header, expected) => {
    const name = header.includes("loopscope_lsn") ? "loopscope_lsn" : "flow";
    expect(readCookie(header, name)).toBe(expected);
  });

  test("an absent cookie, a name that only prefixes another, and no header are null", () => {
    expect(readCookie("flowx=1; a=2", "flow")).toBeNull();
    expect(readCookie("flow", "flow")).toBeNull();
    expect(readCookie(null, "flow")).toBeNull();
    expect(readCookie(undefined, "flow")).toBeNull();
  });
});

describe("decodeCookieValue", () => {
  test("decodes a percent-encoded value", () => {
    expect(decodeCookieValue("a%20b%3D")).toBe("a b=");
  });

  test.each(["%", "%E0%A4%A", "%ZZ", "abc%"])("a malformed encoding %j is no value, not a throw", (value) => {
    expect(decodeCookieValue(value)).toBeNull();
  });
});
