// The conversation tab's search within a run (docs/dashboard.md#conversation):
// `q` matched case-insensitively, as a plain substring, against each turn's
// prompt and each item's text — the assistant's reply; a tool call's name,
// input (its strings), input summary, result head and error line. A turn whose
// prompt matches is kept whole; otherwise only its matching items are, and a
// turn with none goes. Pure; O(text of the conversation). No word stemming,
// no regular expressions, no ranking: the reader wants the places, in order.
import type { Conversation, ConversationItem, ConversationTurn } from "./prepare";

export type ConversationSearch = {
  conversation: Conversation;
  /** The query as matched ("" for none), the turns kept and the turns there were. */
  query: string;
  matchedTurns: number;
  totalTurns: number;
};

export function filterConversation(c: Conversation, rawQuery: string | undefined): ConversationSearch {
  const query = (rawQuery ?? "").trim();
  const totalTurns = c.turns.length;
  if (query === "") return { conversation: c, query, matchedTurns: totalTurns, totalTurns };
  const needle = query.toLowerCase();
  const has = (text: string | null) => text !== null && text.toLowerCase().includes(needle);
  const turns: ConversationTurn[] = [];
  for (const turn of c.turns) {
    if (has(turn.prompt)) {
      turns.push(turn);
      continue;
    }
    const items = turn.items.filter((item) => itemTexts(item).some(has));
    if (items.length > 0) turns.push({ ...turn, items });
  }
  return { conversation: { ...c, turns }, query, matchedTurns: turns.length, totalTurns };
}

function itemTexts(item: ConversationItem): (string | null)[] {
  if (item.type === "llm") return [item.text];
  return [item.name, item.summary, item.inputText, item.result, item.errorLine];
}
