// POST /v1/logs (docs/otlp.md): OTLP ExportLogsServiceRequest (Claude Code events, loopscope.iteration records) → spans, events, iterations.
// At the conventional OTLP/HTTP path so OTEL_EXPORTER_OTLP_ENDPOINT=http://host:port works.
// Everything happens in app/_server/otlp-receiver.ts.
import { receiveOtlp } from "@/app/_server/otlp-receiver";

export const dynamic = "force-dynamic";

export const POST = (req: Request): Promise<Response> => receiveOtlp("logs", req);
