// A team's baseline of each tool (docs/analysis.md#team-baselines): how long a
// call of it usually takes and how often a run usually calls it per iteration,
// over the team's last runs of the run's shape. The database computes it
// (db/tool-baselines.ts); the pure bottleneck rules take it as an argument
// (lib/analysis/team-baselines.ts). The offline CLI has no team history: none.
import { z } from "zod";

/** A tool's baseline comes from at least this many runs that called it, else there is none. */
export const MIN_BASELINE_RUNS = 3;
/** How many of the team's last runs of the shape a baseline reads. */
export const BASELINE_LAST_RUNS = 50;

export const ToolBaseline = z.object({
  /** The p95 of one call's duration over those runs' calls of the tool, ms (a negative duration counts 0). */
  p95_ms: z.number().min(0),
  /** The p95 over those runs (with at least one iteration) of its calls ÷ their iterations; null under MIN_BASELINE_RUNS such runs. */
  calls_per_iteration_p95: z.number().min(0).nullable(),
  /** How many runs called the tool: the baseline's history. */
  runs: z.number().int().min(MIN_BASELINE_RUNS),
});
export type ToolBaseline = z.infer<typeof ToolBaseline>;

/** Per tool name; a tool without enough history is absent. */
export const ToolBaselines = z.record(z.string(), ToolBaseline);
export type ToolBaselines = z.infer<typeof ToolBaselines>;
