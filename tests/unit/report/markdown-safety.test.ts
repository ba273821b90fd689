// lib/report/markdown-safety.ts: text from the traces and the team becomes no
// HTML and no script link in the post-mortem Markdown, and stays on its line.
import { describe, expect, test } from "vitest";
import { indentedLines, isSafeHref, oneLine, sanitizeMarkdown } from "@/lib/report/markdown-safety";

describe("sanitizeMarkdown", () => {
  test("HTML is written as entities, so a viewer shows it as text", () => {
    expect(sanitizeMarkdown('- ana: <script>alert("x")</script> & <img src=x onerror=alert(1)>')).toBe(
      '- ana: &lt;script&gt;alert("x")&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;',
    );
  });

  test.each([
    ["[click](javascript:alert(1))", "click"],
    ["[click]( JaVaScRiPt:alert(1))", "click"],
    ["![x](data:image/svg+xml;base64,AAAA)", "x"],
    ["[a](vbscript:msgbox)", "a"],
    ["[x](java\tscript:alert(1))", "x"],
  ])("the unsafe link %s is dropped for its label", (input, output) => {
    expect(sanitizeMarkdown(input)).toBe(output);
  });

  test.each([
    "[docs](https://example.com/a_(b))",
    "[mail](mailto:ops@example.com)",
    "[run](/runs/r-1)",
    "[anchor](#verdict)",
  ])("the safe link %s stays", (link) => {
    expect(sanitizeMarkdown(link)).toBe(link);
  });

  test("a script scheme outside an inline link (a reference definition) is broken up", () => {
    expect(sanitizeMarkdown("[x][1]\n\n[1]: javascript:alert(1)")).toBe("[x][1]\n\n[1]: javascript :alert(1)");
  });

  test("an entity cannot smuggle a scheme past the check", () => {
    expect(sanitizeMarkdown("[x](javascript&#58;alert(1))")).toBe("x");
    expect(sanitizeMarkdown("[x](java&#x73;cript&colon;alert(1))")).toBe("x");
  });
});

describe("isSafeHref", () => {
  test.each([
    ["https://a.example", true],
    ["relative/path:with-colon", true],
    ["java&#115;cript:alert(1)", false],
    ["ftp://a.example", false],
    [`&#x${"f".repeat(400)};`, true],
  ])("%s → %s", (href, safe) => {
    expect(isSafeHref(href)).toBe(safe);
  });
});

describe("line structure", () => {
  test("oneLine keeps a name in its heading or table cell", () => {
    expect(oneLine("fix auth\r\n## Injected\nheading")).toBe("fix auth ## Injected heading");
  });

  test("indentedLines keeps a multi-line comment one paragraph of its list item", () => {
    expect(indentedLines("first\n# not a heading\n- not a list\n1. not a list\n===\nplain")).toBe(
      "first\n  \\# not a heading\n  \\- not a list\n  1\\. not a list\n  \\===\n  plain",
    );
  });
});
