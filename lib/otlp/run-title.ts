// A title for a run the OTLP receiver created (docs/otlp.md#run-titles): its
// id is a trace id or a conversation UUID, which says nothing, so the run is
// named after the service that sent it and what it was asked — the first user
// prompt found on its spans — or else its root operation (the name of its
// earliest span without a parent): "checkout-agent · Fix the failing login
// test". A run gets a title only from spans that carry a prompt or a root:
// tool spans often arrive first, and the title is set once, on a run that
// has no name yet. Pure; O(spans).
import { clipAtWord } from "../format-clip";
import { parseTimeUs } from "../time";

/** The longest title; a longer prompt is cut at a word and ends in "…". */
export const MAX_TITLE_CHARS = 80;

/** The fields of a mapped span (lib/otlp/wire.ts) the title reads. */
export type TitleSpan = {
  run_id?: string | null;
  parent_id?: string | null;
  name: string;
  kind?: string | null;
  t0: unknown;
  input?: unknown;
  meta?: Record<string, unknown> | null;
};

/** One line, at most MAX_TITLE_CHARS, cut at a word and ending in "…" when cut (lib/format-clip.ts). */
export function clipTitle(text: string): string {
  return clipAtWord(text, MAX_TITLE_CHARS);
}

/** The text of a message's content: a string, or its text parts joined. */
function contentText(content: unknown): string | null {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return null;
  const texts = content.flatMap((p) => {
    const part = p as { content?: unknown; text?: unknown };
    const t = typeof part?.content === "string" ? part.content : part?.text;
    return typeof t === "string" ? [t] : [];
  });
  return texts.length ? texts.join(" ") : null;
}

/** The first user message of a GenAI messages array (as JSON text or a value). */
function firstUserMessage(value: unknown): string | null {
  let v = value;
  if (typeof v === "string") {
    try {
      v = JSON.parse(v) as unknown;
    } catch {
      return v as string;
    }
  }
  if (!Array.isArray(v)) return null;
  for (const m of v as { role?: unknown; content?: unknown; parts?: unknown }[]) {
    if (m && (m.role === undefined || m.role === "user")) return contentText(m.content ?? m.parts);
  }
  return null;
}

/** The user prompt a span carries: GenAI input messages or prompt, OpenInference's input, or null. */
export function promptOf(span: TitleSpan): string | null {
  const meta = span.meta ?? {};
  const candidates = [
    firstUserMessage(meta["gen_ai.input.messages"]),
    firstUserMessage(meta["gen_ai.prompt"]),
    typeof meta["gen_ai.prompt.0.content"] === "string" ? meta["gen_ai.prompt.0.content"] : null,
    typeof meta["llm.input_messages.0.message.content"] === "string"
      ? meta["llm.input_messages.0.message.content"]
      : null,
    span.kind !== "tool" && typeof span.input === "string" ? span.input : null,
  ];
  const found = candidates.find((c): c is string => typeof c === "string" && c.trim() !== "");
  return found ?? null;
}

export type RunTitleFacts = { service: string | null; prompt: string | null; rootOperation: string | null };

/** "service · prompt", "service · root operation", or either alone; null without prompt or root. */
export function formatRunTitle({ service, prompt, rootOperation }: RunTitleFacts): string | null {
  const what = prompt ?? rootOperation;
  if (what === null) return null;
  return clipTitle(service ? `${service} · ${what}` : what);
}

const timeOf = (t0: unknown): number => parseTimeUs(t0) ?? Infinity;

/** A title per run among the spans, from its earliest prompt and its earliest root span. */
export function otlpRunTitles(spans: readonly TitleSpan[]): Map<string, string> {
  const facts = new Map<string, RunTitleFacts & { promptAt: number; rootAt: number }>();
  for (const s of spans) {
    if (!s.run_id) continue;
    let f = facts.get(s.run_id);
    if (!f) {
      f = { service: null, prompt: null, rootOperation: null, promptAt: Infinity, rootAt: Infinity };
      facts.set(s.run_id, f);
    }
    const at = timeOf(s.t0);
    const service = s.meta?.["service.name"];
    if (f.service === null && typeof service === "string" && service !== "") f.service = service;
    const prompt = promptOf(s);
    if (prompt !== null && at < f.promptAt) Object.assign(f, { prompt, promptAt: at });
    if (!s.parent_id && at < f.rootAt) Object.assign(f, { rootOperation: s.name, rootAt: at });
  }
  const titles = new Map<string, string>();
  for (const [runId, f] of facts) {
    const title = formatRunTitle(f);
    if (title !== null) titles.set(runId, title);
  }
  return titles;
}
