// The conversation as GET /api/v1/runs/{run_id}/conversation sends it
// (lib/schemas/conversation.ts): the prepared turns without what only the
// tab's search reads (a call's input strings, which can be large). Pure.
import type { ConversationResponse } from "../schemas/conversation";
import type { Conversation } from "./prepare";

export function conversationResponse(runId: string, c: Conversation): ConversationResponse {
  return {
    run_id: runId,
    conversation: {
      ...c,
      turns: c.turns.map((t) => ({
        ...t,
        items: t.items.map((item) => {
          if (item.type === "llm") return item;
          const { inputText: _searchOnly, ...call } = item;
          return call;
        }),
      })),
    },
  };
}
