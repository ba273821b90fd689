// What the conversation tab reads of a run (docs/dashboard.md#conversation):
// its iterations with the turn's prompt and start from their attrs, and its
// calls (tool and llm spans) in time order with what they said and did, the
// first CONVERSATION_SPAN_LIMIT of them and the count of the rest. db/conversation.ts
// reads it; lib/conversation/prepare.ts groups it into turns. The fields are
// the stored records' own (lib/schemas/records.ts), picked, not repeated.
import type { StoredIteration, StoredSpan } from "../schemas/records";

/** The calls the tab lists; the rest are counted ("N more calls — open the timeline"). */
export const CONVERSATION_SPAN_LIMIT = 2000;
/** Iterations read at most; a run has far fewer turns than calls. */
export const CONVERSATION_ITERATION_LIMIT = 5000;
/** A turn's prompt as the importers store it (iterations.attrs.prompt) is at most this long; longer is cut. */
export const CONVERSATION_PROMPT_MAX_CHARS = 4000;
/** A call's input larger than this (its JSON text, in bytes) is not read: the row says so. */
export const CONVERSATION_INPUT_MAX_BYTES = 64 * 1024;
/** A call's error is read up to this many characters; the tab shows its first line. */
export const CONVERSATION_ERROR_MAX_CHARS = 1000;

export type ConversationIteration = Pick<StoredIteration, "n" | "tsUs"> & {
  /** attrs.started_at: when the turn's prompt came (transcript importers); null when not logged. */
  startedAtUs: number | null;
  /** attrs.prompt: the turn's user prompt; null when not logged. */
  prompt: string | null;
};

export type ConversationSpan = Pick<
  StoredSpan,
  "spanId" | "parentId" | "iteration" | "name" | "t0Us" | "t1Us" | "ok" | "error" | "input" | "output"
> & {
  kind: "tool" | "llm";
  /** The input was larger than CONVERSATION_INPUT_MAX_BYTES and is null here. */
  inputTooLarge: boolean;
  /** meta.thinking_chars of an llm span: how long its thinking was; null when not logged. */
  thinkingChars: number | null;
};

export type ConversationSource = {
  /** The run's start (started_at, else its first record), epoch µs. */
  startUs: number;
  iterations: ConversationIteration[];
  /** The first CONVERSATION_SPAN_LIMIT calls by (t0, span_id). */
  spans: ConversationSpan[];
  /** Calls after those. */
  moreSpans: number;
};
