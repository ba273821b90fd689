// A run read as a conversation (docs/dashboard.md#conversation), as the
// dashboard renders it and GET /api/v1/runs/{run_id}/conversation serves it:
// turns, each with its prompt and, in time order, the model's replies and the
// tool calls with what they were asked, what came back and their edits as
// diffs. The keys are the prepared view's own (camelCase), with the labels
// already formatted: it is what the conversation pane beside the timeline
// draws, not a second copy of the spans. lib/conversation/prepare.ts builds
// it; its types are these.
import { z } from "zod";

export const ConversationDiffLine = z.object({ op: z.enum(["same", "del", "add"]), text: z.string() });
export type ConversationDiffLine = z.infer<typeof ConversationDiffLine>;

export const ConversationDiffBlock = z.object({
  path: z.string().nullable(),
  /** "new file", "deleted", "moved to …": what a patch says of the file besides its lines. */
  note: z.string().nullable(),
  lines: z.array(ConversationDiffLine),
});
export type ConversationDiffBlock = z.infer<typeof ConversationDiffBlock>;

export const ConversationToolDiff = z.object({
  blocks: z.array(ConversationDiffBlock),
  /** Lines past the cap, counted, not shown. */
  hiddenLines: z.number().int(),
});
export type ConversationToolDiff = z.infer<typeof ConversationToolDiff>;

const itemBase = {
  spanId: z.string(),
  /** The model's or the tool's name. */
  name: z.string(),
  /** How many of the calls listed it is nested under (parent_id), at most MAX_DEPTH. */
  depth: z.number().int(),
  t0Us: z.number(),
  durationLabel: z.string(),
  ok: z.boolean(),
  /** The first line of its error; null when it has none. */
  errorLine: z.string().nullable(),
};

/** A model response: what the assistant said, and how long it thought. */
export const ConversationReply = z.object({
  ...itemBase,
  type: z.literal("llm"),
  text: z.string().nullable(),
  thinkingChars: z.number().nullable(),
});
export type ConversationReply = z.infer<typeof ConversationReply>;

/** A tool call: what it was asked, what came back, what it changed. */
export const ConversationCall = z.object({
  ...itemBase,
  type: z.literal("tool"),
  summary: z.string(),
  result: z.string().nullable(),
  /** The result is the head the ingest kept (docs/format.md#span), not all of it. */
  resultIsHead: z.boolean(),
  diff: ConversationToolDiff.nullable(),
});
export type ConversationCall = z.infer<typeof ConversationCall>;

export const ConversationItem = z.discriminatedUnion("type", [ConversationReply, ConversationCall]);
export type ConversationItem = z.infer<typeof ConversationItem>;

export const ConversationTurn = z.object({
  /** The anchor id: `turn-<n>`, `turn-before` for the calls before the first turn. */
  anchor: z.string(),
  n: z.number().int().nullable(),
  title: z.string(),
  /** When the turn started, epoch µs; null when it has no time. */
  atUs: z.number().nullable(),
  /** "09:02:06 UTC" and "+2m 6s" (from the run's start); null when the turn has no time. */
  timeLabel: z.string().nullable(),
  offsetLabel: z.string().nullable(),
  prompt: z.string().nullable(),
  items: z.array(ConversationItem),
});
export type ConversationTurn = z.infer<typeof ConversationTurn>;

export const Conversation = z.object({
  turns: z.array(ConversationTurn),
  /** Calls not read (after the first CONVERSATION_SPAN_LIMIT) and the turns left out with them. */
  moreSpans: z.number().int(),
  moreTurns: z.number().int(),
  hasPrompts: z.boolean(),
  hasTexts: z.boolean(),
});
export type Conversation = z.infer<typeof Conversation>;

/** GET /api/v1/runs/{run_id}/conversation. */
export const ConversationResponse = z.object({ run_id: z.string(), conversation: Conversation });
export type ConversationResponse = z.infer<typeof ConversationResponse>;
