// POST /v1/metrics (docs/otlp.md): accepted and discarded (200 {}), so exporters with metrics on stay quiet.
// At the conventional OTLP/HTTP path so OTEL_EXPORTER_OTLP_ENDPOINT=http://host:port works.
// Everything happens in app/_server/otlp-receiver.ts.
import { receiveOtlp } from "@/app/_server/otlp-receiver";

export const dynamic = "force-dynamic";

export const POST = (req: Request): Promise<Response> => receiveOtlp("metrics", req);
