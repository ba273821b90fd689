// GET /api/health and GET /api/ready (docs/api.md#health-and-readiness): what
// a container orchestrator or a load balancer polls. Health says the process
// answers; ready says the database answers and holds every migration.
import { z } from "zod";

/** 200 from /api/health: the process is up (the database is not asked). */
export const HealthResponse = z.object({ status: z.literal("ok") });
export type HealthResponse = z.infer<typeof HealthResponse>;

/** 200 from /api/ready: the database answered and `migrations` are applied. */
export const ReadyResponse = z.object({
  status: z.literal("ready"),
  database: z.enum(["postgres", "pglite"]),
  migrations: z.number().int(),
});
export type ReadyResponse = z.infer<typeof ReadyResponse>;
