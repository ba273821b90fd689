// lib/plural.ts: a number and its noun agree, on every page and CLI line.
import { describe, expect, test } from "vitest";
import { plural, pluralWord } from "@/lib/plural";

describe("plural", () => {
  test.each([
    [0, "0 iterations"],
    [1, "1 iteration"],
    [2, "2 iterations"],
    [1204, "1,204 iterations"],
    [1.5, "1.5 iterations"],
  ])("%d → %s", (n, text) => {
    expect(plural(n, "iteration")).toBe(text);
  });

  test("an irregular noun names its plural", () => {
    expect(plural(1, "entry", "entries")).toBe("1 entry");
    expect(plural(3, "entry", "entries")).toBe("3 entries");
  });

  test("the noun alone, for a number formatted another way (tokens: 1.2k)", () => {
    expect(pluralWord(1, "token")).toBe("token");
    expect(pluralWord(1_200, "token")).toBe("tokens");
    expect(pluralWord(-1, "call")).toBe("calls");
  });
});
