// docs/guard.md — the live guard's wire shapes: what `POST /api/v1/runs/{id}/guard`
// takes (a Claude Code hook's JSON, records of the ingest format, a call about
// to run, or nothing: "should I go on?"), what it answers, and the state it
// keeps per run in the database (read back through GuardState, so a row
// written by an older version is refused, never trusted).
import { z } from "zod";
import { WireTime } from "./records";

export const GUARD_MODES = ["observe", "enforce"] as const;
export const GuardMode = z.enum(GUARD_MODES);
export type GuardMode = z.infer<typeof GuardMode>;

export const GUARD_DECISIONS = ["continue", "block_call", "halt"] as const;
export type GuardDecision = (typeof GUARD_DECISIONS)[number];

/** The breakers a decision can name: the per-call rules, or the run's verdict (lib/analysis/verdict.ts). */
export const GUARD_BREAKERS = [
  "tool_breaker",
  "identical_calls",
  "loop_breaker",
  "layers",
  "permission_breaker",
  "api_breaker",
] as const;
export type GuardBreaker = (typeof GUARD_BREAKERS)[number];

/**
 * The JSON a Claude Code hook reads on stdin (code.claude.com/docs/en/hooks):
 * the common fields, and per event the ones the guard reads. Other fields are kept out.
 */
export const ClaudeHookInput = z.looseObject({
  hook_event_name: z.string().min(1).max(100),
  session_id: z.string().min(1).max(200),
  tool_name: z.string().min(1).max(200).optional(),
  tool_input: z.unknown().optional(),
  tool_use_id: z.string().min(1).max(200).optional(),
  tool_response: z.unknown().optional(),
  error: z.unknown().optional(),
  is_interrupt: z.boolean().optional(),
  prompt: z.string().optional(),
  stop_hook_active: z.boolean().optional(),
  source: z.string().max(100).optional(),
  reason: z.string().max(200).optional(),
});
export type ClaudeHookInput = z.infer<typeof ClaudeHookInput>;

/** A harness's own call, before it runs: the guard answers whether to run it. */
export const GuardCall = z.object({ name: z.string().min(1).max(200), input: z.unknown().optional() });

export const GuardRequest = z.strictObject({
  /** A Claude Code hook's JSON, as `loopscope guard` read it. */
  hook: ClaudeHookInput.optional(),
  /** When the hook ran (the sender's clock); absent: the server's now. */
  ts: WireTime.optional(),
  /** Records of the ingest format (docs/format.md): stored as an upload to the run, then judged. */
  records: z.array(z.unknown()).max(1000).optional(),
  /** A call about to run: nothing is stored. */
  call: GuardCall.optional(),
  /** Sets the run's guard mode from now on. */
  mode: GuardMode.optional(),
  /** The shape the run is read with when this call creates it (docs/analysis.md#profiles). */
  shape: z.enum(["loop", "autonomous", "interactive", "spans"]).optional(),
});
export type GuardRequest = z.infer<typeof GuardRequest>;

const Saved = z.object({ iterations: z.number(), tokens: z.number(), ms: z.number() });

/** A halt the run's verdict called for: kept, so every later answer repeats it. */
const GuardHalt = z.object({
  breaker: z.enum(GUARD_BREAKERS),
  reason: z.string(),
  at: z.string(),
  iteration: z.number().nullable(),
  would_save: Saved,
});

/** One call of the identical-calls window: its tool-and-input key, that with its result, whether it failed, its subject. */
const WindowCall = z.object({ base: z.string(), io: z.string(), ok: z.boolean(), subject: z.string() });

export const GuardState = z.object({
  v: z.literal(1),
  /** Calls started and not yet finished, by tool_use_id: when they started, for PostToolUse's span. */
  pending: z.record(z.string(), z.object({ t0Us: z.number() })),
  /** Each tool's breaker (lib/analysis/tool-breaker.ts ToolBreakerState). */
  tools: z.record(z.string(), z.object({ failsInRow: z.number(), openedAtUs: z.number() })),
  /** The last repeat_window calls with an input, oldest first. */
  window: z.array(WindowCall),
  /** Keys already reported as repeated: a trip is told once. */
  repeated: z.array(z.string()),
  /** Turns (iterations) ended so far, and the error lines of the current one's failed calls. */
  turns: z.number(),
  turnErrors: z.array(z.string()),
  /** The files the current turn's edits wrote. */
  turnFiles: z.array(z.string()),
  /** When the current turn started (µs); null before the first prompt or call. */
  turnStartUs: z.number().nullable(),
  halt: GuardHalt.nullable(),
  /** The run's breakers that do not stop it (permission, API) already told as a trip: told once. */
  told: z.array(z.enum(["permission_breaker", "api_breaker"])).default([]),
});
export type GuardState = z.infer<typeof GuardState>;

const Decision = z.enum(GUARD_DECISIONS);
const Breaker = z.enum(GUARD_BREAKERS);

export const GuardAnswer = z.object({
  /** What the caller should do: in observe mode always "continue". */
  decision: Decision,
  /** What the guard decided, whatever the mode: what enforce would have done. */
  would: Decision,
  mode: GuardMode,
  breaker: Breaker.nullable(),
  reason: z.string().nullable(),
  /** For a halt: what stopping would save so far (docs/analysis.md#verdict). */
  would_save: Saved.nullable(),
  state: z.object({
    turns: z.number(),
    halted: z.boolean(),
    /** Tools whose breaker is open now. */
    open_tools: z.array(z.string()),
    /** Calls the identical-calls rule would refuse now, by their command or path. */
    repeating: z.array(z.string()),
  }),
  /** Records stored by this call, and the lines refused (docs/api.md#ingest errors). */
  stored: z.object({
    accepted: z.number(),
    rejected: z.number(),
    errors: z.array(z.object({ line: z.number(), message: z.string() })),
  }),
});
export type GuardAnswer = z.infer<typeof GuardAnswer>;

/**
 * What the guard's log keeps, as the run page lists it (docs/guard.md#dry-run-first): each decision
 * that was not "continue", and each trip of a per-call rule (a tool's breaker opened, a call repeated).
 */
export const GuardDecisionRow = z.object({
  at: z.string(),
  decision: z.enum(["block_call", "halt", "trip", "recover"]),
  /** Whether the guard was in enforce mode: the caller was told to act on it. */
  enforced: z.boolean(),
  breaker: Breaker,
  reason: z.string(),
  would_save: Saved.nullable(),
});
export type GuardDecisionRow = z.infer<typeof GuardDecisionRow>;

/** GET …/guard: the run's mode, its halt if any, and its log (the first 200 entries). */
export const GuardLog = z.object({
  mode: GuardMode,
  halt: GuardHalt.nullable(),
  turns: z.number(),
  decisions: z.array(GuardDecisionRow),
});
export type GuardLog = z.infer<typeof GuardLog>;

export const GuardModeBody = z.strictObject({ mode: GuardMode });

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** docs/guard.md#tell-the-team: where the guard's trips, halts and recoveries are sent. */
export const GuardWebhook = z.strictObject({
  url: z.string().max(2000).refine(isHttpUrl, { error: "must be an http:// or https:// URL" }),
  /** `slack`: a Slack-compatible `{"text"}` body (Slack, Mattermost, Rocket.Chat…); `generic`: the event as JSON. */
  format: z.enum(["slack", "generic"]),
});
export type GuardWebhook = z.infer<typeof GuardWebhook>;
export const GuardWebhooks = z.strictObject({ webhooks: z.array(GuardWebhook).max(5) });
export type GuardWebhooks = z.infer<typeof GuardWebhooks>;
/** "Send a test": whether the webhook answered 2xx, else what went wrong. */
export const GuardWebhookTest = z.object({ delivered: z.boolean(), problem: z.string().nullable() });
export type GuardWebhookTest = z.infer<typeof GuardWebhookTest>;

export const GUARD_EVENTS = ["trip", "halt", "recover"] as const;
/** The generic webhook's body. */
export const GuardEvent = z.object({
  event: z.enum(GUARD_EVENTS),
  run_id: z.string(),
  run_url: z.string(),
  mode: GuardMode,
  breaker: Breaker,
  reason: z.string(),
  at: z.string(),
  would_save: Saved.nullable(),
});
export type GuardEvent = z.infer<typeof GuardEvent>;
