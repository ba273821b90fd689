// GET /api/v1/runs/{run_id}/conversation — the run read as a conversation
// (lib/schemas/conversation.ts), prepared as the Conversation tab draws it:
// what the pane beside the timeline fetches when it opens
// (docs/dashboard.md#conversation, docs/api.md#timeline).
import { getConversation } from "@/db/conversation";
import { prepareConversation } from "@/lib/conversation/prepare";
import { conversationResponse } from "@/lib/conversation/wire";
import { runNotFound } from "@/lib/errors";
import { handle, json } from "@/app/_server/respond";
import { requireAccess } from "@/app/_server/auth";
import { getReadDb } from "@/app/_server/read-db";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ runId: string }> };

export const GET = handle(async (req: Request, ctx: Ctx) => {
  await requireAccess(req, "read");
  const { runId } = await ctx.params;
  const { db } = await getReadDb(req);
  const source = await getConversation(db, runId);
  if (!source) throw runNotFound(runId);
  return json(conversationResponse(runId, prepareConversation(source)));
});
