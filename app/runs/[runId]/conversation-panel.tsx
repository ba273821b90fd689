// The conversation tab's data step (docs/dashboard.md#conversation): the
// run's turns and calls as the page read them (db/conversation.ts, with the
// page, so the anchors are in its HTML), grouped and prepared by
// lib/conversation, filtered by the URL's ?q=, then rendered. It needs no
// analysis, so it does not wait for one.
import type { ConversationSource } from "@/lib/conversation/source";
import { filterConversation } from "@/lib/conversation/filter";
import { prepareConversation } from "@/lib/conversation/prepare";
import { ConversationTab } from "@/components/run/conversation-tab";

type Props = { runId: string; source: ConversationSource | null; q: string | undefined };

export function ConversationPanel({ runId, source, q }: Props) {
  if (!source) return null; // the run went while the page was read
  return <ConversationTab runId={runId} search={filterConversation(prepareConversation(source), q)} />;
}
