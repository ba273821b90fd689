// GET and PUT /api/v1/runs/{run_id}/outcome — whether the run succeeded
// (docs/api.md#outcome). PUT is a grader's word ({"status", "score"?, "detail"?},
// or null to take it back): it replaces what the run's file said. A grader is a
// machine that sends data, like a harness: an ingest key may set it.
import { putRunOutcome } from "@/db/run-outcomes";
import { OutcomePutBody, outcomeOf, resolveOutcome, type OutcomeResponse } from "@/lib/schemas/run-outcome";
import { existingRun, type RunCtx } from "@/app/_server/existing-run";
import { handle, json, parseJsonBody } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { requireAccess } from "@/app/_server/auth";

export const dynamic = "force-dynamic";

export const GET = handle(async (req: Request, ctx: RunCtx) => {
  await requireAccess(req, "read");
  const { run } = await existingRun(ctx);
  return json({ outcome: run.outcome } satisfies OutcomeResponse);
});

export const PUT = handle(async (req: Request, ctx: RunCtx) => {
  requireSameOriginForBrowser(req);
  await requireAccess(req, "ingest");
  const { db, runId, run } = await existingRun(ctx);
  const input = await parseJsonBody(OutcomePutBody, req, { expected: '{"status": "success" | "failure" | "unknown"}' });
  const stored = input === null ? null : outcomeOf(input, "api");
  await putRunOutcome(db, runId, stored);
  return json({ outcome: resolveOutcome(stored, run.review) } satisfies OutcomeResponse);
});
