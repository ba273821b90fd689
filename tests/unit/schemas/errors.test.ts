// lib/schemas/errors.ts: one readable line per zod issue, naming the field and
// the rule and never the value sent; the 400 that carries them.
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { PartialSettings } from "@/lib/analysis/settings";
import { ApiError } from "@/lib/errors";
import { RunListQuery } from "@/lib/schemas/api";
import { CommentInput } from "@/lib/schemas/comments";
import { describeIssues, invalidInput, parseOrThrow, unknownKey, type IssueContext } from "@/lib/schemas/errors";

function linesOf(schema: z.ZodType, input: unknown, ctx: IssueContext = {}): string[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected the input to fail");
  return describeIssues(result.error.issues, { input, ...ctx }).map((d) => d.message);
}

describe("describeIssues", () => {
  test.each([
    ["a negative ratio", PartialSettings, { slow_ratio: "-1" }, "slow_ratio must be > 0"],
    ["a ratio over 1", PartialSettings, { fail_rate: 2 }, "fail_rate must be ≤ 1"],
    ["a fraction for a count", RunListQuery, { limit: "2.5" }, "limit must be an integer"],
    ["a word for a number", RunListQuery, { limit: "many" }, "limit must be a number"],
    ["a count below its minimum", RunListQuery, { limit: "0" }, "limit must be ≥ 1"],
    ["a count over its maximum", RunListQuery, { limit: "501" }, "limit must be ≤ 500"],
    ["a time that is not ISO-8601", RunListQuery, { from: "yesterday" }, "from must be an ISO-8601 time"],
    ["a value outside an enum", RunListQuery, { order: "up" }, 'order must be one of "asc", "desc"'],
    ["a missing field", CommentInput, { body: "x" }, "author is required"],
    ["a blank field", CommentInput, { author: "ana", body: "   " }, "body must not be empty"],
    ["a nested value", PartialSettings, { timeouts: { search: "soon" } }, "timeouts.search must be a number"],
  ])("%s", (_case, schema, input, line) => {
    expect(linesOf(schema, input)).toEqual([line]);
  });

  test("an unknown key is named with the noun of its kind, one line per key", () => {
    const lines = linesOf(PartialSettings.strict(), { foo: 1, bar: 2 }, { noun: "setting" });
    expect(lines).toEqual(['unknown setting "foo"', 'unknown setting "bar"']);
    expect(unknownKey(["foo"], "query parameter")).toEqual({ path: "foo", message: 'unknown query parameter "foo"' });
  });

  test("an issue about the whole value is named by the context's root", () => {
    expect(linesOf(CommentInput, ["x"], { root: "the body" })).toEqual(["the body must be an object"]);
    expect(linesOf(z.string(), 3)).toEqual(["the value must be a string"]);
  });

  test("paths join keys with dots and indices in brackets", () => {
    const schema = z.object({ items: z.array(z.object({ name: z.string() })) });
    expect(describeIssues(schema.safeParse({ items: [{ name: "a" }, { name: 7 }] }).error?.issues ?? [])).toEqual([
      { path: "items[1].name", message: "items[1].name must be a string" },
    ]);
  });

  test("a custom rule's message is its phrase", () => {
    const schema = z.object({
      url: z.string().refine((v) => v.startsWith("postgres://"), "must be a postgres:// URL"),
    });
    expect(linesOf(schema, { url: "mysql://x" })).toEqual(["url must be a postgres:// URL"]);
  });

  test("the value that was sent is never quoted back", () => {
    const secret = "hunter2-secret";
    const lines = [
      ...linesOf(RunListQuery, { from: secret, limit: secret, order: secret }),
      ...linesOf(z.object({ n: z.number() }), { n: secret }),
      ...linesOf(z.object({ s: z.string().max(3) }), { s: secret }),
    ];
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line).not.toContain(secret);
  });
});

describe("invalidInput and parseOrThrow", () => {
  test("every issue is in details.issues as {path, message}; the message joins them", () => {
    const err = invalidInput([
      { path: "limit", message: "limit must be an integer" },
      { path: "from", message: "from must be an ISO-8601 time" },
    ]);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe("invalid_parameter");
    expect(err.message).toBe("limit must be an integer; from must be an ISO-8601 time");
    expect(err.details).toEqual({
      issues: [
        { path: "limit", message: "limit must be an integer" },
        { path: "from", message: "from must be an ISO-8601 time" },
      ],
    });
  });

  test("a long list is cut in the message, never in details", () => {
    const details = Array.from({ length: 8 }, (_, i) => ({ path: `f${i}`, message: `f${i} is required` }));
    const err = invalidInput(details);
    expect(err.message).toMatch(/; and 3 more$/);
    expect((err.details as { issues: unknown[] }).issues).toHaveLength(8);
  });

  test("parseOrThrow returns the parsed value, or throws the 400", () => {
    expect(parseOrThrow(RunListQuery, { limit: "5" }).limit).toBe(5);
    expect(() => parseOrThrow(RunListQuery, { limit: "x" }, { noun: "query parameter" })).toThrow(
      "limit must be a number",
    );
  });
});
