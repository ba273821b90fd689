// The conversation pane's data (docs/dashboard.md#conversation): the run's
// prepared turns from GET /api/v1/runs/{run_id}/conversation, fetched the
// first time the pane opens and kept while the timeline is mounted (a run
// that grows mounts a new timeline: timeline-tab.tsx is keyed by its data
// version). A failed read says why in the pane.
import { useEffect, useState } from "react";
import type { Conversation, ConversationResponse } from "@/lib/schemas/conversation";

export type ConversationData = { conversation: Conversation | null; error: string | null };

export const conversationUrl = (runId: string): string => `/api/v1/runs/${encodeURIComponent(runId)}/conversation`;

export function useConversationData(runId: string, open: boolean): ConversationData {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true); // once opened, kept
  const [data, setData] = useState<ConversationData>({ conversation: null, error: null });
  useEffect(() => {
    if (!wanted) return;
    const ac = new AbortController();
    fetch(conversationUrl(runId), { signal: ac.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body = (await res.json()) as ConversationResponse;
        setData({ conversation: body.conversation, error: null });
      })
      .catch((err: unknown) => {
        if (!ac.signal.aborted)
          setData({ conversation: null, error: err instanceof Error ? err.message : String(err) });
      });
    return () => ac.abort();
  }, [runId, wanted]);
  return data;
}
