// lib/glossary.ts: every term the analysis can produce has an explanation, and
// every explanation links to a heading that exists in the served docs — so a
// term on the run page never leads to a dead anchor.
import { readFileSync } from "node:fs";
import path from "node:path";
import GithubSlugger from "github-slugger";
import { describe, expect, test } from "vitest";
import { CONTEXT_FACTORS, DETECTORS } from "@/lib/analysis/iteration-report-types";
import type { LayersReport, LoopState, Risk, Severity, Tier } from "@/lib/analysis/iteration-report-types";
import type { BreakerState } from "@/lib/analysis/permission-breaker";
import type { BottleneckReason } from "@/lib/analysis/tools";
import type { BreakerKind } from "@/lib/charts/breaker-log";
import { findDocPage } from "@/lib/docs";
import { GLOSSARY, glossaryHref, splitTerms, type GlossaryKind } from "@/lib/glossary";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Heading anchors as rehype-slug makes them (GitHub's slugger), as tests/unit/docs/docs-links.test.ts reads them. */
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

const anchors = (slug: string): Set<string> =>
  anchorsOf(readFileSync(path.join(ROOT, findDocPage(slug)!.file), "utf8"));

const entries = (Object.keys(GLOSSARY) as GlossaryKind[]).flatMap((kind) =>
  Object.entries(GLOSSARY[kind]).map(([name, e]) => [`${kind} ${name}`, e] as const),
);

/** Every value of a union, listed through a Record so that a new member fails to compile here. */
const keys = <K extends string>(all: Record<K, true>): string[] => Object.keys(all).sort();

describe("every term the analysis produces is explained", () => {
  test.each<[GlossaryKind, string[]]>([
    ["detector", [...DETECTORS].sort()],
    ["state", keys<LoopState | BreakerState>({ CLOSED: true, OPEN: true, HALF_OPEN: true })],
    ["action", keys<LayersReport["action"]>({ NONE: true, AUTOMATIC_RECOVERY: true, BLOCKER_ESCALATION: true })],
    ["status", keys<LayersReport["status"]>({ NORMAL: true, TRIGGERED: true })],
    ["tier", keys<Tier>({ NORMAL: true, WARNING: true, AUTO_COMPACT: true, SNIP_COMPACT: true, REJECT: true })],
    ["risk", keys<Risk>({ LOW: true, MEDIUM: true, HIGH: true })],
    ["severity", keys<Severity>({ LOW: true, MEDIUM: true, HIGH: true })],
    ["factor", [...CONTEXT_FACTORS].sort()],
    [
      "breaker",
      [
        ...keys<BreakerKind>({
          layer: true,
          tool: true,
          loop: true,
          rate: true,
          permission: true,
          api: true,
          harness: true,
        }),
        "context", // the timeline's lane of the token tiers (lib/timeline/lanes.ts)
      ].sort(),
    ],
    ["reason", keys<BottleneckReason["kind"]>({ slow: true, failing: true, overcalled: true, repeated: true })],
    ["transition", ["cooldown_elapsed", "probe_failed", "probe_passed"]],
  ])("%s", (kind, names) => {
    expect(Object.keys(GLOSSARY[kind]).sort()).toEqual(names);
  });

  test("every explanation is one short line", () => {
    for (const [term, e] of entries) {
      expect(e.short.length, term).toBeGreaterThan(10);
      expect(e.short.length, term).toBeLessThanOrEqual(120);
      expect(e.short, term).not.toMatch(/\n/);
    }
  });
});

describe("every glossary link lands on a heading of the served docs", () => {
  test.each(entries)("%s", (_term, e) => {
    expect(anchors(e.page), glossaryHref(e)).toContain(e.anchor);
  });
});

describe("splitTerms", () => {
  test("finds the terms of the given kinds as whole words and keeps the text", () => {
    const text = "Loop breaker would have halted at iteration 11 (negative_window), saving 18 iterations";
    expect(splitTerms(text, ["detector"])).toEqual([
      "Loop breaker would have halted at iteration 11 (",
      { kind: "detector", name: "negative_window" },
      "), saving 18 iterations",
    ]);
  });

  test("OPEN is not found inside HALF_OPEN; an arrow separates two states", () => {
    expect(splitTerms("HALF_OPEN→OPEN", ["state"])).toEqual([
      { kind: "state", name: "HALF_OPEN" },
      "→",
      { kind: "state", name: "OPEN" },
    ]);
  });

  test("a word that only contains a term is not one", () => {
    expect(splitTerms("circularity, CLOSEDOWN, x_circular", ["detector", "state"])).toEqual([
      "circularity, CLOSEDOWN, x_circular",
    ]);
  });

  test("a word two kinds share goes to the first kind asked for", () => {
    expect(splitTerms("NORMAL", ["status", "tier"])).toEqual([{ kind: "status", name: "NORMAL" }]);
    expect(splitTerms("NORMAL", ["tier", "status"])).toEqual([{ kind: "tier", name: "NORMAL" }]);
  });

  test("detections joined with their iteration: negative_window@11, circular@12", () => {
    const parts = splitTerms("negative_window@11, circular@12", ["detector"]);
    expect(parts.filter((p) => typeof p !== "string")).toEqual([
      { kind: "detector", name: "negative_window" },
      { kind: "detector", name: "circular" },
    ]);
    expect(parts.map((p) => (typeof p === "string" ? p : p.name)).join("")).toBe("negative_window@11, circular@12");
  });

  test("no kinds, or no text: the text as it is", () => {
    expect(splitTerms("OPEN", [])).toEqual(["OPEN"]);
    expect(splitTerms("", ["state"])).toEqual([]);
  });
});
