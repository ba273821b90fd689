// lib/timeline/lanes.ts × lib/glossary.ts: every name a breaker lane can show
// on the timeline has its explanation — each lane's label is a glossary
// breaker, and every detector, state, transition, tier, layer event and
// decision its marks can name is found as a term by the kinds the lane reads
// them with. The lanes are built from inputs that make every mark there is.
import { describe, expect, test } from "vitest";
import { DETECTORS } from "@/lib/analysis/iteration-report-types";
import { findTerm, splitTerms } from "@/lib/glossary";
import { breakerLanes, LANE_BREAKER, LANE_MARK_TERMS, NO_LANE_INPUTS, type LaneInputs } from "@/lib/timeline/lanes";

const T0_US = Date.UTC(2026, 0, 1) * 1000;
let s = 0;
const at = () => new Date(Date.UTC(2026, 0, 1) + ++s * 1000).toISOString();
const move = (from: string, to: string) => ({ from, to, at: at() });

const EVERY_MARK: LaneInputs = {
  ...NO_LANE_INPUTS,
  loop: [
    ...DETECTORS.map((d, i) => ({ ...move("CLOSED", "OPEN"), iteration: i + 1, reason: d })),
    { ...move("OPEN", "HALF_OPEN"), iteration: 20, reason: "cooldown_elapsed" },
    { ...move("HALF_OPEN", "OPEN"), iteration: 20, reason: "probe_failed" },
    { ...move("OPEN", "HALF_OPEN"), iteration: 21, reason: "cooldown_elapsed" },
    { ...move("HALF_OPEN", "CLOSED"), iteration: 21, reason: "probe_passed" },
  ],
  layers: (["iteration", "token", "error"] as const).flatMap((layer) =>
    (["warning", "trip"] as const).map((kind) => ({ layer, kind, at: at(), iteration: 3, task_id: "t1" })),
  ),
  tools: [{ tool: "http_get", opened: [{ at: at(), until: at() }], blocked_calls: 1 }],
  permission: [move("CLOSED", "OPEN"), move("OPEN", "HALF_OPEN"), move("HALF_OPEN", "CLOSED")],
  api: [move("CLOSED", "OPEN"), move("OPEN", "HALF_OPEN"), move("HALF_OPEN", "CLOSED")],
  rate: { warning_at: at(), pause_at: at() },
  context: ["WARNING", "AUTO_COMPACT", "SNIP_COMPACT", "REJECT", "NORMAL"].map((to, i) => ({
    from: "NORMAL",
    to,
    at: at(),
    iteration: i + 1,
  })),
  clear_at: { iteration: 4, at: at() },
};
const lanes = breakerLanes(EVERY_MARK, T0_US, 600_000);

/** The names in a mark label that call for an explanation: CONSTANT_CASE, snake_case, detectors, the event words. */
const NAME_RE = new RegExp(
  `(?<![\\w])(?:[A-Z][A-Z_]+|[a-z]+(?:_[a-z]+)+|${DETECTORS.join("|")}|warning|trip|pause|clear)(?![\\w])`,
  "g",
);
const namesIn = (label: string): string[] => label.match(NAME_RE) ?? [];

describe("the breaker lanes explain every name they show", () => {
  test("the inputs make a lane of every kind", () => {
    expect(new Set(lanes.map((l) => l.kind))).toEqual(new Set(Object.keys(LANE_BREAKER)));
  });

  test.each(lanes.map((l) => [l.label, l] as const))("the %s lane's label is a glossary breaker", (_, lane) => {
    expect(findTerm("breaker", LANE_BREAKER[lane.kind])?.short).toMatch(/\w/);
  });

  test.each(lanes.map((l) => [l.label, l] as const))("every name a mark of the %s lane shows is a term", (_, lane) => {
    const kinds = LANE_MARK_TERMS[lane.kind];
    for (const { label } of lane.marks) {
      const terms = splitTerms(label, kinds).flatMap((p) => (typeof p === "string" ? [] : [p.name]));
      expect(terms, label).toEqual(namesIn(label));
    }
  });

  test("every detector and loop transition appears on the loop lane as a term", () => {
    const loop = lanes.find((l) => l.kind === "loop")!;
    const named = new Set(
      loop.marks
        .flatMap((m) => splitTerms(m.label, LANE_MARK_TERMS.loop))
        .map((p) => (typeof p === "string" ? "" : p.name)),
    );
    for (const name of [
      ...DETECTORS,
      "cooldown_elapsed",
      "probe_passed",
      "probe_failed",
      "OPEN",
      "HALF_OPEN",
      "CLOSED",
    ])
      expect(named, name).toContain(name);
  });
});
