// lib/otlp/run-title: an OTLP run is titled "service · first prompt", else
// "service · root operation"; tool spans alone give no title (they often
// arrive before the root, and the title is set once).
import { describe, expect, test } from "vitest";
import { clipTitle, formatRunTitle, otlpRunTitles, promptOf, type TitleSpan } from "@/lib/otlp/run-title";

const span = (patch: Partial<TitleSpan>): TitleSpan => ({
  run_id: "0af7651916cd43dd8448eb211c80319c",
  parent_id: "p1",
  name: "read_file",
  kind: "tool",
  t0: "2026-03-01T10:00:00Z",
  meta: { "service.name": "checkout-agent" },
  ...patch,
});

describe("otlpRunTitles", () => {
  test("the service and the first user prompt, over the root operation", () => {
    const spans = [
      span({ parent_id: null, name: "invoke_agent checkout", kind: "agent", t0: "2026-03-01T10:00:00Z" }),
      span({
        kind: "llm",
        name: "chat claude",
        t0: "2026-03-01T10:00:02Z",
        meta: {
          "service.name": "checkout-agent",
          "gen_ai.input.messages": JSON.stringify([
            { role: "user", parts: [{ type: "text", content: "Fix the login test" }] },
          ]),
        },
      }),
    ];
    expect(otlpRunTitles(spans).get(spans[0]!.run_id!)).toBe("checkout-agent · Fix the login test");
  });

  test("without a prompt, the earliest root span's name", () => {
    const spans = [
      span({ parent_id: null, name: "later root", t0: "2026-03-01T10:05:00Z" }),
      span({ parent_id: null, name: "invoke_agent checkout", t0: "2026-03-01T10:00:00Z" }),
    ];
    expect([...otlpRunTitles(spans).values()]).toEqual(["checkout-agent · invoke_agent checkout"]);
  });

  test("tool spans without a root or a prompt give no title", () => {
    expect(otlpRunTitles([span({}), span({ name: "search" })]).size).toBe(0);
  });

  test("without a service the prompt alone; each run its own title", () => {
    const spans = [
      span({ run_id: "a", parent_id: null, meta: {}, kind: "agent", input: "Summarise the incident" }),
      span({ run_id: "b", parent_id: null, name: "root b" }),
    ];
    expect(Object.fromEntries(otlpRunTitles(spans))).toEqual({
      a: "Summarise the incident",
      b: "checkout-agent · root b",
    });
  });
});

describe("promptOf", () => {
  test.each([
    [
      "GenAI input messages with content",
      {
        "gen_ai.input.messages": [
          { role: "system", content: "be brief" },
          { role: "user", content: "hi" },
        ],
      },
      "hi",
    ],
    ["an old-style flattened prompt", { "gen_ai.prompt.0.content": "do it" }, "do it"],
    ["OpenInference input messages", { "llm.input_messages.0.message.content": "why?" }, "why?"],
  ])("%s", (_rule, meta, prompt) => {
    expect(promptOf(span({ kind: "llm", meta }))).toBe(prompt);
  });

  test("a tool call's input is its arguments, not a prompt", () => {
    expect(promptOf(span({ kind: "tool", input: "src/a.ts" }))).toBeNull();
  });
});

test("a title is one line of at most 80 characters, cut at a word", () => {
  const long = `checkout-agent · ${"please fix the flaky test in the payments module ".repeat(3)}`;
  const title = clipTitle(long);
  expect(title.length).toBeLessThanOrEqual(80);
  expect(title.endsWith("…")).toBe(true);
  expect(title).not.toContain("  ");
  expect(formatRunTitle({ service: "svc", prompt: null, rootOperation: null })).toBeNull();
});

test("a title made from a long first prompt ends after a whole word of the prompt", () => {
  const prompt =
    "Refactor the authentication middleware so that expired refresh tokens are rejected before the database lookup";
  const title = formatRunTitle({ service: "checkout-agent", prompt, rootOperation: null });
  expect(title).toBe("checkout-agent · Refactor the authentication middleware so that expired refresh…");
  expect(title!.length).toBeLessThanOrEqual(80);
  const words = new Set(`checkout-agent · ${prompt}`.split(" "));
  for (const word of title!.slice(0, -1).split(" ")) expect(words.has(word)).toBe(true);
});
