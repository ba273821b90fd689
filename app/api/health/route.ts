// GET /api/health — liveness (docs/api.md#health-and-readiness): 200 while the
// process answers, whatever the database does. Never cached.
import { json } from "@/app/_server/respond";
import type { HealthResponse } from "@/lib/schemas/health-api";

export const dynamic = "force-dynamic";

export const GET = async (): Promise<Response> => json({ status: "ok" } satisfies HealthResponse);
