// docs/api.md#search — the texts of a batch that the runs list searches: each
// iteration's prompt (its attrs' `prompt`, as the importers store it,
// docs/import.md#the-conversation), each llm span's `output` (the assistant's
// reply) and the strings of each tool span's `input` (its arguments, as the
// conversation tab's search reads them), each cut at RUN_TEXT_MAX_CHARS. A
// record without such text gives nothing, so a run of bare spans costs the
// index nothing. Tool results are not indexed: they are file contents and
// command output, most of the text and little of what a reader looks for.
// A text names its record by what does not change after the ingest: a span
// by its id, a prompt by its turn's `source_key` (an importer's iteration is
// numbered again once the run's files are placed, docs/import.md#agent-transcripts),
// else by its n; the turn a text is in is read when a match is shown.
// Pure; O(text of the batch).
import { inputText } from "../conversation/tool-summary";
import type { RunTextKind } from "../schemas/api";
import type { StoredIteration, StoredSpan } from "../schemas/records";
import { HEADLINE_START, HEADLINE_STOP } from "./snippet";

/** How much of one text is indexed: a prompt is stored up to 4000, a reply up to 2000. */
export const RUN_TEXT_MAX_CHARS = 4000;

/** One text of a run, keyed by (runId, kind, ref): ref is promptRef's for a prompt, else the span id. */
export type RunText = { runId: string; kind: RunTextKind; ref: string; text: string };

/** A prompt's ref: `key:<source_key>` when its iteration has one, else `n:<n>`. */
export function promptRef(it: Pick<StoredIteration, "n" | "attrs">): string {
  const key = it.attrs["source_key"];
  return typeof key === "string" ? `key:${key}` : `n:${it.n}`;
}

const MARKERS_RE = new RegExp(`[${HEADLINE_START}${HEADLINE_STOP}]`, "g");

/** The texts of a batch's spans and iterations, in batch order. */
export function runTextsOf(spans: readonly StoredSpan[], iterations: readonly StoredIteration[]): RunText[] {
  const out: RunText[] = [];
  for (const it of iterations) {
    const prompt = it.attrs["prompt"];
    if (typeof prompt === "string") push(out, it.runId, "prompt", promptRef(it), prompt);
  }
  for (const s of spans) {
    if (s.kind === "llm" && s.output != null) push(out, s.runId, "reply", s.spanId, s.output);
    else if (s.kind === "tool" && s.input != null) push(out, s.runId, "tool_input", s.spanId, inputText(s.input));
  }
  return out;
}

function push(out: RunText[], runId: string, kind: RunTextKind, ref: string, raw: string): void {
  const text = indexableText(raw);
  if (text !== "") out.push({ runId, kind, ref, text });
}

/**
 * The text as indexed: cut at RUN_TEXT_MAX_CHARS (never inside a surrogate
 * pair), the snippet's two marker characters replaced, so that a highlight
 * always comes from the match; "" for only whitespace.
 */
export function indexableText(raw: string): string {
  if (raw.trim() === "") return "";
  let text = raw.length > RUN_TEXT_MAX_CHARS ? raw.slice(0, RUN_TEXT_MAX_CHARS) : raw;
  if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
  return text.replace(MARKERS_RE, "\uFFFD");
}
