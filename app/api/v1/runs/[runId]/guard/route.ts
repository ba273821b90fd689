// POST, GET and PUT /api/v1/runs/{run_id}/guard — the run's live guard (docs/guard.md).
// POST takes what just happened (a Claude Code hook's JSON, records of the ingest
// format, a call about to run, or nothing) and answers continue, block_call or halt;
// its records are stored to the run. GET reads the mode, state and decisions; PUT sets
// the mode. A sender of data may do all three: an ingest key is enough.
import { getDb } from "@/db/client";
import { readGuardLog, setGuardMode } from "@/db/guard";
import { requireAccess, requireIngestAccess } from "@/app/_server/auth";
import { existingRun, type RunCtx } from "@/app/_server/existing-run";
import { decideGuard } from "@/app/_server/guard";
import { publicOrigin } from "@/app/_server/public-origin";
import { handle, json, parseJsonBody } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { emptyGuardState } from "@/lib/guard/step-guard";
import { GuardModeBody, GuardRequest, type GuardAnswer, type GuardLog } from "@/lib/schemas/guard";
import { parseOrThrow } from "@/lib/schemas/errors";
import { IdParam } from "@/lib/schemas/records";

export const dynamic = "force-dynamic";

/** A hook's JSON carries the tool's input and answer: a file written or read whole. */
const GUARD_BODY_LIMIT_BYTES = 1024 * 1024;

export const POST = handle(async (req: Request, ctx: RunCtx) => {
  requireSameOriginForBrowser(req);
  const { mayEditRuns } = await requireIngestAccess(req);
  const runId = parseOrThrow(IdParam, (await ctx.params).runId, { root: "the run id" });
  const body = await parseJsonBody(GuardRequest, req, {
    expected: '{"hook": {…}} or {"records": […]} or {"call": {"name", "input"}} or {}',
    limitBytes: GUARD_BODY_LIMIT_BYTES,
  });
  const { db } = await getDb();
  const answer = await decideGuard(db, runId, body, {
    nowUs: Date.now() * 1000,
    keepStoredRuns: !mayEditRuns,
    origin: publicOrigin(req),
  });
  return json(answer satisfies GuardAnswer);
});

export const GET = handle(async (req: Request, ctx: RunCtx) => {
  await requireAccess(req, "read");
  const { db, runId } = await existingRun(ctx);
  const log = await readGuardLog(db, runId);
  return json((log ?? { mode: "observe", halt: null, turns: 0, decisions: [] }) satisfies GuardLog);
});

export const PUT = handle(async (req: Request, ctx: RunCtx) => {
  requireSameOriginForBrowser(req);
  await requireAccess(req, "ingest");
  const { db, runId } = await existingRun(ctx);
  const { mode } = await parseJsonBody(GuardModeBody, req, { expected: '{"mode": "observe" | "enforce"}' });
  await setGuardMode(db, runId, mode, emptyGuardState());
  return json({ mode });
});
