// docs/analysis.md#permission-breaker (permission breaker): 3 denials without a grant between, or 20 in
// all → OPEN; after 300 s HALF_OPEN (stamped lazily at opened_at + 300 s when
// the next permission event arrives); then a grant closes, a denial reopens.
import { describe, expect, test } from "vitest";
import { replayPermissionBreaker } from "@/lib/analysis/permission-breaker";
import { DEFAULT_SETTINGS } from "@/lib/analysis/settings";
import { iso, makeEvent } from "./tool-side-factories";

const S = DEFAULT_SETTINGS;
const deny = (at: number) => makeEvent("permission_denied", at, { tool: "Bash" });
const grant = (at: number) => makeEvent("permission_granted", at, { tool: "Bash" });
const tos = (r: ReturnType<typeof replayPermissionBreaker>) => r.transitions.map((t) => t.to);

describe("permission breaker", () => {
  test.each([
    { events: [deny(0), deny(1)], final: "CLOSED" }, // 2 in a row < 3
    { events: [deny(0), deny(1), deny(2)], final: "OPEN" }, // 3 in a row = 3
    { events: [deny(0), deny(1), grant(2), deny(3)], final: "CLOSED" }, // a grant between resets
  ])("denials in a row: $final", ({ events, final }) => {
    expect(replayPermissionBreaker(events, S).final_state).toBe(final);
  });
  test("opens at the third denial's time and counts denials and grants", () => {
    const r = replayPermissionBreaker([grant(0), deny(1), deny(2), deny(3)], S);
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
    const r = replayPermissionBreaker(events.slice(0, -1), S); // end on the last denial
    expect(r.final_state).toBe(final);
  });
  test("HALF_OPEN is stamped at opened_at + cooldown when the next event comes; a grant then closes", () => {
    const r = replayPermissionBreaker([deny(0), deny(1), deny(2), grant(400)], S);
    expect(r.transitions).toEqual([
      { from: "CLOSED", to: "OPEN", at: iso(2) },
      { from: "OPEN", to: "HALF_OPEN", at: iso(302) },
      { from: "HALF_OPEN", to: "CLOSED", at: iso(400) },
    ]);
  });
  test("a denial in HALF_OPEN reopens, and the new cooldown runs from then", () => {
    const r = replayPermissionBreaker([deny(0), deny(1), deny(2), deny(302), grant(601), grant(602)], S);
    expect(tos(r)).toEqual(["OPEN", "HALF_OPEN", "OPEN", "HALF_OPEN", "CLOSED"]);
    expect(r.transitions[3]?.at).toBe(iso(602));
  });
  test.each([
    { at: 301.999, final: "OPEN" }, // before opened_at + cooldown: still OPEN, a grant does not close it
    { at: 302, final: "CLOSED" }, // at the end of the cooldown: HALF_OPEN, the grant closes it
  ])("a grant at $at s after opening at 2 s → $final", ({ at, final }) => {
    expect(replayPermissionBreaker([deny(0), deny(1), deny(2), grant(at)], S).final_state).toBe(final);
  });
  test("without a later permission event the breaker ends OPEN (HALF_OPEN is not stamped)", () => {
    const r = replayPermissionBreaker([deny(0), deny(1), deny(2), makeEvent("api_request", 1000)], S);
    expect(r.final_state).toBe("OPEN");
  });
  test("a denial while OPEN neither reopens nor extends the cooldown", () => {
    const r = replayPermissionBreaker([deny(0), deny(1), deny(2), deny(100), grant(302)], S);
    expect(tos(r)).toEqual(["OPEN", "HALF_OPEN", "CLOSED"]);
  });
  test("once 20 denials are reached, each denial after a close opens it again", () => {
    const events = Array.from({ length: 20 }, (_, i) => [deny(i * 2), grant(i * 2 + 1)])
      .flat()
      .slice(0, -1);
    const r = replayPermissionBreaker([...events, grant(400), deny(401)], S);
    expect(tos(r)).toEqual(["OPEN", "HALF_OPEN", "CLOSED", "OPEN"]);
  });
});
