// Colours of the timeline: a stable hue per tool name (a string hash, so a
// tool keeps its colour across runs and reloads), and fixed colours for
// failures, harness short-circuits, breaker lane states, halt lines and
// event categories. Pure data; the canvas and the legend read the same values.
import type { LaneState } from "./lanes";
import type { EventCategory } from "./overlays";

// No reds or ambers: those mean failed and short-circuited.
const PALETTE = [
  "#4f8fd6",
  "#3fa57a",
  "#b58be0",
  "#4fb8c4",
  "#c47aa6",
  "#8fa84f",
  "#7c88e0",
  "#5fa0a0",
  "#9d7fd0",
  "#6fb36f",
];
/** Container spans (kind agent: an iteration, a sub-agent) are drawn neutral, behind the tools' colours. */
export const CONTAINER_COLOR = "#6b7686";

export function toolColor(name: string): string {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return PALETTE[(h >>> 0) % PALETTE.length]!;
}

export const FAILURE_COLOR = "#f85149";
export const SHORT_CIRCUIT_COLOR = "#d29922";

/** Breaker lane segments: a quiet closed state, so the open and half-open stretches stand out. */
export const LANE_COLOR: Record<LaneState, string> = {
  CLOSED: "rgba(63, 185, 80, 0.28)",
  WARNING: "#9e7a1c",
  HALF_OPEN: "#d29922",
  OPEN: "#e5534b",
};
/** A call its tool's breaker would have blocked (it started inside an OPEN window). */
export const BLOCKED_COLOR = "#ff9b94";
/** The loop breaker's halt line; the first three-layer trip's is lighter. */
export const HALT_COLOR = "#ff5c8a";
export const TRIP_COLOR = "rgba(255, 170, 200, 0.7)";
/** The moment a link points at. */
export const FOCUS_COLOR = "#5aa9ff";

export const EVENT_COLOR: Record<EventCategory, string> = {
  permission: "#d29922",
  api: "#f85149",
  context: "#5aa9ff",
  task: "#3fb950",
  breaker: "#ff7b72",
  other: "#8a94a6",
};
