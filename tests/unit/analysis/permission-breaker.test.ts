// docs/analysis.md#permission-breaker: 3 denials without a grant between, or 20 in
// all → OPEN; HALF_OPEN by time at opened_at + 300 s, whether or not a
// permission event comes later; then a grant closes, a denial reopens.
import { describe, expect, test } from "vitest";
import { replayPermissionBreaker } from "@/lib/analysis/permission-breaker";
import { DEFAULT_SETTINGS } from "@/lib/analysis/settings";
import type { StoredEvent } from "@/lib/schemas/records";
import { iso, makeEvent, us } from "./tool-side-factories";

const S = DEFAULT_SETTINGS;
const deny = (at: number) => makeEvent("permission_denied", at, { tool: "Bash" });
const grant = (at: number) => makeEvent("permission_granted", at, { tool: "Bash" });
/** The replay with the run ending at its last event (or at `endS` when given). */
const replay = (events: StoredEvent[], endS?: number) =>
  replayPermissionBreaker(events, S, endS === undefined ? (events.at(-1)?.tsUs ?? 0) : us(endS));
const tos = (r: ReturnType<typeof replayPermissionBreaker>) => r.transitions.map((t) => t.to);

describe("permission breaker", () => {
  test.each([
    { events: [deny(0), deny(1)], final: "CLOSED" }, // 2 in a row < 3
    { events: [deny(0), deny(1), deny(2)], final: "OPEN" }, // 3 in a row = 3
    { events: [deny(0), deny(1), grant(2), deny(3)], final: "CLOSED" }, // a grant between resets
  ])("denials in a row: $final", ({ events, final }) => {
    expect(replay(events).final_state).toBe(final);
  });
  test("opens at the third denial's time and counts denials and grants", () => {
    const r = replay([grant(0), deny(1), deny(2), deny(3)]);
    expect(r).toEqual({
      transitions: [{ from: "CLOSED", to: "OPEN", at: iso(3) }],
      final_state: "OPEN",
      denials: 3,
      grants: 1,
    });
  });
  test.each([
    { total: 19, final: "CLOSED" },
    { total: 20, final: "OPEN" }, // = permission_denials_total
  ])("$total denials in all (never 3 in a row) → $final", ({ total, final }) => {
    const events = Array.from({ length: total }, (_, i) => [deny(i * 2), grant(i * 2 + 1)]).flat();
    const r = replay(events.slice(0, -1)); // end on the last denial
    expect(r.final_state).toBe(final);
  });
  test("HALF_OPEN is stamped at opened_at + cooldown, not at the next event; a grant then closes", () => {
    const r = replay([deny(0), deny(1), deny(2), grant(400)]);
    expect(r.transitions).toEqual([
      { from: "CLOSED", to: "OPEN", at: iso(2) },
      { from: "OPEN", to: "HALF_OPEN", at: iso(302) },
      { from: "HALF_OPEN", to: "CLOSED", at: iso(400) },
    ]);
  });
  test("a denial in HALF_OPEN reopens, and the new cooldown runs from then", () => {
    const r = replay([deny(0), deny(1), deny(2), deny(302), grant(601), grant(602)]);
    expect(tos(r)).toEqual(["OPEN", "HALF_OPEN", "OPEN", "HALF_OPEN", "CLOSED"]);
    expect(r.transitions[3]?.at).toBe(iso(602));
  });
  test.each([
    { at: 301.999, final: "OPEN" }, // before opened_at + cooldown: still OPEN, a grant does not close it
    { at: 302, final: "CLOSED" }, // at the end of the cooldown: HALF_OPEN, the grant closes it
  ])("a grant at $at s after opening at 2 s → $final", ({ at, final }) => {
    expect(replay([deny(0), deny(1), deny(2), grant(at)]).final_state).toBe(final);
  });
  test.each([
    { last: 301.999, final: "OPEN", tos: ["OPEN"] }, // the run ends before opened_at + cooldown
    { last: 302, final: "HALF_OPEN", tos: ["OPEN", "HALF_OPEN"] }, // at that moment
    { last: 1000, final: "HALF_OPEN", tos: ["OPEN", "HALF_OPEN"] }, // long after, with no permission event
  ])(
    "no permission event after the opening, the run's last record at $last s → $final",
    ({ last, final, tos: want }) => {
      // deny deny deny (OPEN at 2 s) ········ 302 s: cooldown over ······ api_request (the last record)
      const r = replay([deny(0), deny(1), deny(2), makeEvent("api_request", last)]);
      expect(r.final_state).toBe(final);
      expect(tos(r)).toEqual(want);
      if (final === "HALF_OPEN") expect(r.transitions[1]?.at).toBe(iso(302));
    },
  );
  test("the run's end, not only its events, moves the breaker: a last span end after the cooldown", () => {
    // the events end at 2 s, a span runs on to 400 s
    expect(replay([deny(0), deny(1), deny(2)], 400).final_state).toBe("HALF_OPEN");
  });
  test("a denial while OPEN neither reopens nor extends the cooldown", () => {
    const r = replay([deny(0), deny(1), deny(2), deny(100), grant(302)]);
    expect(tos(r)).toEqual(["OPEN", "HALF_OPEN", "CLOSED"]);
  });
  test("once 20 denials are reached, each denial after a close opens it again", () => {
    const events = Array.from({ length: 20 }, (_, i) => [deny(i * 2), grant(i * 2 + 1)])
      .flat()
      .slice(0, -1);
    const r = replay([...events, grant(400), deny(401)]);
    expect(tos(r)).toEqual(["OPEN", "HALF_OPEN", "CLOSED", "OPEN"]);
  });
});
