// lib/format-clip.ts: a title made from prose is cut after a whole word, ends
// in "…" when cut, and never exceeds its length.
import { describe, expect, test } from "vitest";
import { clipAtWord } from "@/lib/format-clip";

describe("clipAtWord", () => {
  test.each([
    // a text that fits is only made one line
    ["Fix the   failing\nlogin test", 40, "Fix the failing login test"],
    // cut inside "payments": the whole word goes
    ["please fix the flaky test in the payments module", 30, "please fix the flaky test in…"],
    // the cut falls just before a space: the last word is whole, it stays
    ["please fix the flaky test in the payments", 29, "please fix the flaky test in…"],
    // a separator before the cut goes with it
    ["checkout-agent · Fix the failing login test", 18, "checkout-agent…"],
    ["first, second, third and fourth", 16, "first, second…"],
  ])("%j at %d → %j", (text, max, clipped) => {
    expect(clipAtWord(text, max)).toBe(clipped);
    expect(clipAtWord(text, max).length).toBeLessThanOrEqual(max);
  });

  test("one long URL with no space in reach is cut at its last slash or dash", () => {
    const text = "see https://github.com/acme/shop/issues/4521-login-fails-on-safari-after-update for details";
    const clipped = clipAtWord(text, 60);
    expect(clipped).toBe("see https://github.com/acme/shop/issues/4521-login-fails…");
    expect(clipped.length).toBeLessThanOrEqual(60);
  });

  test("a word with no break at all is cut where the length ends", () => {
    expect(clipAtWord(`id ${"x".repeat(50)}`, 20)).toBe(`id ${"x".repeat(16)}…`);
  });

  test("never between the halves of an emoji", () => {
    const clipped = clipAtWord(`${"a".repeat(8)}😀😀😀😀`, 10);
    expect(clipped).toBe(`${"a".repeat(8)}…`);
    expect(clipped).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
