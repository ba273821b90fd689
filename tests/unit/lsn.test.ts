// lib/lsn.ts — the comparison behind read-your-writes (docs/scaling.md#read-replica).
import { describe, expect, test } from "vitest";
import { lsnReached, parseLsn } from "@/lib/lsn";

describe("parseLsn", () => {
  test.each([
    ["0/0", 0n],
    ["0/16B3748", 0x16b3748n],
    ["16/B374D848", (0x16n << 32n) | 0xb374d848n],
    ["ffffffff/FFFFFFFF", (1n << 64n) - 1n],
  ])("%s is byte position %s", (text, pos) => {
    expect(parseLsn(text)).toBe(pos);
  });

  test.each(["", "16", "16/", "/1", "1/2/3", "G/0", "123456789/0", "0/0; Path=/", null, undefined])(
    "%j is not an LSN",
    (text) => {
      expect(parseLsn(text)).toBeNull();
    },
  );
});

describe("lsnReached", () => {
  test("LSNs compare as numbers: the unpadded halves would sort wrong as text", () => {
    // "0/9" < "0/10" as positions, though "0/9" > "0/10" as strings
    expect(lsnReached("0/10", "0/9")).toBe(true);
    expect(lsnReached("0/9", "0/10")).toBe(false);
    // the high half outweighs any low half
    expect(lsnReached("1/0", "0/FFFFFFFF")).toBe(true);
    expect(lsnReached("0/FFFFFFFF", "1/0")).toBe(false);
  });

  test("a replica exactly at the write's position has it", () => {
    expect(lsnReached("16/B374D848", "16/b374d848")).toBe(true);
  });

  test("an unknown replay position (not a standby) has reached nothing", () => {
    expect(lsnReached(null, "0/1")).toBe(false);
    expect(lsnReached("garbage", "0/1")).toBe(false);
  });

  test("no or an unreadable requirement is reached by any replica", () => {
    expect(lsnReached(null, null)).toBe(true);
    expect(lsnReached("0/0", "not-an-lsn")).toBe(true);
  });
});
