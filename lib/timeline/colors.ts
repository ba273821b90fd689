// Colours of the timeline: a stable hue per tool name (a string hash, so a
// tool keeps its colour across runs and reloads), and fixed colours for
// failures, harness short-circuits, breaker windows and event categories.
// Pure data; the canvas and the legend read the same values.
import type { BreakerSource, EventCategory } from "./overlays";

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

export const BREAKER_FILL: Record<BreakerSource, string> = {
  tool: "rgba(248, 81, 73, 0.10)",
  loop: "rgba(255, 123, 114, 0.09)",
  permission: "rgba(210, 153, 34, 0.14)",
  api: "rgba(163, 113, 247, 0.14)",
};

export const EVENT_COLOR: Record<EventCategory, string> = {
  permission: "#d29922",
  api: "#f85149",
  context: "#5aa9ff",
  task: "#3fb950",
  breaker: "#ff7b72",
  other: "#8a94a6",
};
