// docs/analysis.md#profiles — the default settings of a run follow its shape
// (docs/import.md#shapes-and-outcomes). A `loop` run keeps the seed defaults
// exactly: its iterations are whole attempts at the task, where "no file
// modified" really is a wasted iteration. One agent session — `autonomous`
// steps or `interactive` turns — is read for what a stuck session looks
// like instead: the same error again and again, identical calls; exploring
// and answering is progress-neutral, so the progress-score detectors do not
// watch it. Sessions have no call limit to replay, model calls are compared
// with model calls, each tool with its own usual figures in the team's last
// sessions too, and a breaker's finding must save something to be a
// verdict. The profile is the lowest layer above the defaults: project
// settings, a run's config and query parameters still win (resolveSettings).
// Pure data; O(1).
import type { RunShape } from "../schemas/run-outcome";
import type { PartialSettings } from "./settings";

/** What one agent session shares, whether a person prompts its turns or not. */
const SESSION: PartialSettings = {
  // What a stuck session shows (docs/analysis.md#stagnation-detectors, #session-detectors).
  stagnation_detectors: ["same_error", "repeated_call", "permission_denials", "edits_reverted"],
  same_error_run: 3,
  same_error_across_clean: true,
  repeat_key: "input_output",
  max_calls_per_hour: 0,
  slow_compare: "kind",
  overcall_per_iteration: 40,
  // Each tool against its own usual time and calls per step in the team's last sessions of the shape.
  team_baselines: true,
  // A session's task re-reads its whole context from the prompt cache every turn: only new tokens count
  // (tokens_used, else the calls' tokens less their cache reads). In real Claude Code and Gemini CLI sessions
  // a todo item spent 10 000–811 000 new tokens (median 45 000; the largest: 8 turns of ~100 000). 1.5 M is
  // about twice the largest, so a healthy task stays below even the warning (1.2 M); a task trips after some
  // 15 such turns on one item, and is HIGH at 2.25 M: the whole of the longest healthy session (2.3 M, 38 turns).
  task_tokens: "new",
  task_token_budget: 1_500_000,
  // Claude Code's own Bash timeout is 2 minutes: shorter advice would cut normal builds and tests.
  default_timeout_s: 120,
  verdict_min_saved_iterations: 1,
  // A session's shell is one tool for every command: three different commands failing in a row (a test run
  // between edits, a grep that finds nothing) is normal work, not a dead tool. The live guard logs the opening
  // and refuses only the same call failing the same way (identical calls): docs/guard.md#what-it-decides.
  guard_tool_breaker: false,
  verdict_min_saved_tokens: 1000,
  verdict_min_saved_ms: 60_000,
};

/**
 * docs/analysis.md#permission-waits: the file-writing tools an interactive
 * harness asks the person about by default. Their own work is a write of
 * milliseconds, so a call's time is the prompt held open. Shells ask too, but a
 * command's own run is what a timeout is for: they stay timed.
 */
const PERMISSION_TOOLS = ["Write", "Edit", "MultiEdit", "NotebookEdit", "write_file", "replace", "edit"];

export const SHAPE_PROFILES: Readonly<Record<RunShape, PartialSettings>> = {
  loop: {},
  // Nobody steers the steps: many in a row that change nothing and read nothing new are going round in circles.
  // (A person may talk a turn through without a file: interactive sessions are not watched for it.)
  autonomous: { ...SESSION, stagnation_detectors: [...(SESSION.stagnation_detectors ?? []), "no_new_files"] },
  // A person prompts each turn: the wait before a prompt is theirs, not the agent's, and in no saving —
  // as are their answers inside it (human_tools) and, since a file write asks their permission first
  // (Claude Code, Gemini CLI by default), a write's time (permission_tools): docs/analysis.md#permission-waits.
  interactive: { ...SESSION, prompt_waits_excluded: true, permission_tools: PERMISSION_TOOLS },
  // Bare spans have no iterations for the session rules to read: the seed's tool rules, no call limit.
  spans: { max_calls_per_hour: 0 },
};

/** Why a run is read with its profile: one line for the run page. */
export const SHAPE_PROFILE_WHY: Readonly<Record<RunShape, string>> = {
  loop: "a loop of attempts: the seed defaults, where an iteration that changes nothing is a wasted attempt",
  autonomous:
    "one agent session of steps: stuck means the same error or identical calls again and again; exploring is neutral; no call limit",
  interactive:
    "one session a person prompts turn by turn: stuck means the same error or identical calls again and again; no call limit",
  spans: "bare spans without iterations: tools and breakers only; no call limit",
};
