// docs/analysis.md#identical-calls: one pass over the run's `tool` calls that
// carry an input, in t0 order. A call's key is its tool name plus the
// canonical JSON of its input; a key repeats at a call when it occurs
// repeat_calls times among the last repeat_window calls. Reports each key
// that ever repeats (repeated_calls), and, per iteration, where identical
// calls gathered in its time span (docs/analysis.md#run-start-and-iteration-time-spans)
// for the repeated_call detector (repeated-call-detector.ts), which alone
// knows where the detectors last started over.
// O(calls) time; memory O(window + distinct keys + iterations): per key a
// count and its last repeat_calls positions, keys longer than a hash kept as
// one. Streamed: a step per call, like the tool breaker. Deliberately does
// not choose the calls (the sources give only `tool` spans with an input) nor
// decide firing or risk (the detector and stagnation.ts do).
import { createHash } from "node:crypto";
import { formatTimeUs } from "../time";
import { canonicalJson } from "./canonical-json";
import type { AnalysisSettings } from "./settings";
import type { ToolCallInput } from "./types";

export type RepeatSettings = Pick<AnalysisSettings, "repeat_calls" | "repeat_window"> &
  Partial<Pick<AnalysisSettings, "repeat_key">>;

export type RepeatedCall = { tool: string; input: string; calls: number; first_at: string; iteration?: number };

/**
 * Identical calls seen from the window ending at a call: the latest start
 * (a call index) from which the window still holds some key enough times —
 * so the window cut at any index up to `from` holds it too.
 */
export type RepeatSighting = { from: number; detail: string };

/** What the repeated_call detector reads at one iteration. Call indices count calls with input, by t0. */
export type RepeatMark = {
  /** The first call after the previous iteration's span (0 for the first iteration). */
  firstCall: number;
  /** The best sighting of repeat_calls occurrences at a call inside the iteration's span. */
  hold: RepeatSighting | null;
  /** repeat_calls − 2 occurrences in the window ending at the last call up to the iteration's ts. */
  near: RepeatSighting | null;
};

export type RepeatScanResult = { repeated: RepeatedCall[]; marks: Map<number, RepeatMark> };
export type RepeatScan = { step(call: ToolCallInput): void; finish(): RepeatScanResult };

const INPUT_HEAD_CHARS = 200;
const MAX_RAW_KEY_CHARS = 64;

type KeyState = {
  tool: string;
  head: string | null;
  calls: number;
  /** Positions of its last repeat_calls calls. */
  recent: number[];
  firstAtUs: number | null;
  iteration: number | null;
};
type Sighting = { from: number; key: KeyState };

/** A map key for tool + canonical input: itself when short, else its SHA-256 (never holds a NUL). */
function keyOf(tool: string, canonical: string): string {
  const key = `${tool}\u0000${canonical}`;
  return key.length <= MAX_RAW_KEY_CHARS ? key : createHash("sha256").update(key).digest("base64");
}

/**
 * What makes two calls identical: the tool and its canonical input, and with
 * repeat_key input_output (sessions) its result too — re-running a script
 * after an edit, with a new result, is progress (docs/analysis.md#identical-calls).
 * The scan below and the live guard (lib/guard) both key calls with this.
 */
export function callKeyOf(
  call: { name: string; input: unknown; output?: string | null },
  s: Pick<RepeatSettings, "repeat_key">,
): { key: string; canonical: string } {
  const canonical = canonicalJson(call.input);
  const keyed = s.repeat_key === "input_output" ? `${canonical}\u0000${call.output ?? ""}` : canonical;
  return { key: keyOf(call.name, keyed), canonical };
}

/** The later-starting of two sightings, ignoring one that left the window. */
function later(a: Sighting | null, b: Sighting | null, windowStart: number): Sighting | null {
  const okA = a && a.from >= windowStart ? a : null;
  const okB = b && b.from >= windowStart ? b : null;
  return okA && okB ? (okB.from > okA.from ? okB : okA) : (okA ?? okB);
}

/** `iterations` sorted by n; their spans end at the running maximum of ts from the run start. */
export function startRepeatScan(
  iterations: readonly { n: number; tsUs: number }[],
  runStartUs: number,
  s: RepeatSettings,
): RepeatScan {
  const holdK = s.repeat_calls;
  const nearK = s.repeat_calls - 2;
  const W = s.repeat_window;
  const bounds: number[] = [];
  for (const it of iterations) bounds.push(Math.max(bounds[bounds.length - 1] ?? runStartUs, it.tsUs));
  const keys = new Map<string, KeyState>();
  const firstRepeats: KeyState[] = [];
  const marks = iterations.map(() => ({ firstCall: 0, hold: null as Sighting | null, near: null as Sighting | null }));
  let index = 0;
  let cur = 0;
  let hold: Sighting | null = null;
  let near: Sighting | null = null;

  const sealUpTo = (t0Us: number) => {
    for (; cur < bounds.length && t0Us > bounds[cur]!; cur++) {
      marks[cur]!.near = near;
      if (cur + 1 < marks.length) marks[cur + 1]!.firstCall = index;
    }
  };
  const sightingOf = (state: KeyState, k: number, j: number, canonical: string): Sighting | null => {
    const from = k >= 1 && state.recent.length >= k ? state.recent[state.recent.length - k]! : -1;
    if (from < 0 || from < j - W + 1) return null;
    state.head ??= canonical.slice(0, INPUT_HEAD_CHARS);
    return { from, key: state };
  };

  return {
    step(call) {
      sealUpTo(call.t0Us);
      const j = index++;
      const { key: mapKey, canonical } = callKeyOf(call, s);
      let state = keys.get(mapKey);
      if (!state) {
        state = { tool: call.name, head: null, calls: 0, recent: [], firstAtUs: null, iteration: null };
        keys.set(mapKey, state);
      }
      state.calls += 1;
      state.recent.push(j);
      if (state.recent.length > holdK) state.recent.shift();
      const mine = sightingOf(state, holdK, j, canonical);
      if (mine && state.firstAtUs === null) {
        state.firstAtUs = call.t0Us;
        state.iteration = call.iteration ?? iterations[cur]?.n ?? null;
        firstRepeats.push(state);
      }
      hold = later(hold, mine, j - W + 1);
      near = later(near, sightingOf(state, nearK, j, canonical), j - W + 1);
      const mark = marks[cur];
      if (mark && hold) mark.hold = later(mark.hold, hold, 0);
    },
    finish() {
      sealUpTo(Infinity);
      const detail = (x: Sighting | null, k: number): RepeatSighting | null =>
        x && {
          from: x.from,
          detail: `${x.key.tool} called ${k} times with the same input${s.repeat_key === "input_output" ? " and result" : ""} among ${W} calls: ${x.key.head}`,
        };
      return {
        repeated: firstRepeats
          .sort((a, b) => a.firstAtUs! - b.firstAtUs! || (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0))
          .map((k) => ({
            tool: k.tool,
            input: k.head ?? "",
            calls: k.calls,
            first_at: formatTimeUs(k.firstAtUs!),
            ...(k.iteration !== null ? { iteration: k.iteration } : {}),
          })),
        marks: new Map(
          iterations.map((it, i) => {
            const m = marks[i]!;
            return [it.n, { firstCall: m.firstCall, hold: detail(m.hold, holdK), near: detail(m.near, nearK) }];
          }),
        ),
      };
    },
  };
}
