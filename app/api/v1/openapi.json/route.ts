// GET /api/v1/openapi.json — the OpenAPI 3.1 document of every route,
// generated from the lib/schemas zod schemas (lib/schemas/openapi.ts); built
// once per process.
import { buildOpenApiDocument, type OpenApiDocument } from "@/lib/schemas/openapi";
import { handle, json } from "@/app/_server/respond";
import pkg from "@/package.json";

let document: OpenApiDocument | undefined;

export const GET = handle(async () => {
  document ??= buildOpenApiDocument({ version: pkg.version });
  return json(document);
});
