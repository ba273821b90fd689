// The served docs (lib/docs.ts): links written for reading the files on disk
// become links between the served pages, and every link in every page lands
// on a page and a heading that exist — so /docs has no dead link.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import GithubSlugger from "github-slugger";
import { describe, expect, test } from "vitest";
import { DOC_PAGES, findDocPage, resolveDocHref, type DocPage } from "@/lib/docs";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const page = (slug: string): DocPage => findDocPage(slug)!;

describe("resolveDocHref", () => {
  test.each([
    ["analysis.md#settings", "format", "/docs/analysis#settings"],
    ["./api.md", "format", "/docs/api"],
    ["../examples/README.md", "analysis", "/docs/examples"],
    ["docs/format.md#bad-input", "readme", "/docs/format#bad-input"],
    ["examples/README.md", "readme", "/docs/examples"],
    ["#glossary", "analysis", "#glossary"],
    ["https://opentelemetry.io/docs/", "otlp", "https://opentelemetry.io/docs/"],
  ])("%s from %s → %s", (href, from, expected) => {
    expect(resolveDocHref(href, page(from))).toBe(expected);
  });

  test("a repository file that is not a page is not a link", () => {
    expect(resolveDocHref("../db/schema.ts", page("decisions"))).toBeNull();
  });
});

/** Heading anchors as GitHub (and rehype-slug) make them. */
function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const headings = markdown
    .replace(/```[\s\S]*?```/g, "")
    .split("\n")
    .filter((l) => /^#{1,6} /.test(l));
  return new Set(
    headings.map((h) => slugger.slug(h.replace(/^#+ /, "").replace(/[`*_]|\[([^\]]*)\]\([^)]*\)/g, "$1"))),
  );
}

const markdownOf = new Map(DOC_PAGES.map((p) => [p.slug, readFileSync(path.join(ROOT, p.file), "utf8")]));

describe("every link in the served docs", () => {
  test.each(DOC_PAGES.map((p) => [p.slug, p] as const))("%s", (_slug, from) => {
    const markdown = (markdownOf.get(from.slug) ?? "").replace(/```[\s\S]*?```/g, "");
    const dead: string[] = [];
    for (const [, href = ""] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
      const to = resolveDocHref(href, from);
      if (to === null) {
        const file = path.join(ROOT, path.dirname(from.file), href.split("#")[0] ?? "");
        if (!existsSync(file)) dead.push(href);
        continue;
      }
      const m = /^\/docs\/([a-z]+)(?:#(.+))?$/.exec(to) ?? /^()#(.+)$/.exec(to);
      if (!m) continue;
      const target = m[1] || from.slug;
      if (!markdownOf.has(target)) dead.push(href);
      else if (m[2] && !anchorsOf(markdownOf.get(target) ?? "").has(m[2])) dead.push(href);
    }
    expect(dead).toEqual([]);
  });
});
