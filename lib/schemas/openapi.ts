// The OpenAPI 3.1 document of every HTTP route (GET /api/v1/openapi.json),
// generated from the same zod schemas the routes parse with and answer in:
// zod's own JSON Schema output (draft 2020-12, the dialect of OpenAPI 3.1),
// named schemas under components.schemas and referenced by $ref. Pure: the
// routes are listed in openapi-routes.ts and openapi-otlp.ts, and a test
// walks app/ so that a route without an entry there fails. Response schemas
// are converted as what the server sends (`io: "output"`), request schemas
// as what it accepts (`io: "input"`: defaults optional, coerced values as sent).
import { z } from "zod";
import {
  ERROR_RESPONSES,
  REQUEST_SCHEMAS,
  RESPONSE_SCHEMAS,
  TAGS,
  type ContentDoc,
  type JsonSchema,
  type OperationDoc,
  type ResponseDoc,
  type RouteDocs,
} from "./openapi-components";
import { OTLP_ROUTES } from "./openapi-otlp";
import { API_ROUTES } from "./openapi-routes";
import { ACCOUNT_ROUTES } from "./openapi-accounts";

export type { JsonSchema } from "./openapi-components";
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
};

/** Every route of app/: the JSON API and the OTLP receiver. */
export const ROUTES: RouteDocs = { ...API_ROUTES, ...ACCOUNT_ROUTES, ...OTLP_ROUTES };

export const OPENAPI_VERSION = "3.1.1";
const SCHEMA_REF = "#/components/schemas/";
const RESPONSE_REF = "#/components/responses/";

export function buildOpenApiDocument({ version }: { version: string }): OpenApiDocument {
  const named = new Map<z.ZodType, string>();
  const schemas = {
    ...componentSchemas(RESPONSE_SCHEMAS, "output", named),
    ...componentSchemas(REQUEST_SCHEMAS, "input", named),
  };
  const content = (doc: ContentDoc) => contentOf(doc, named);
  const paths: OpenApiDocument["paths"] = {};
  for (const [path, operations] of Object.entries(ROUTES)) {
    paths[path] = {};
    for (const [method, op] of Object.entries(operations)) paths[path][method] = operationOf(path, op, content);
  }
  const responses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([name, r]) => [name, responseOf(r, content)]),
  );
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: "Loopscope API",
      version,
      description:
        "Traces of autonomous agent loops: ingest (JSONL, JSON, OTLP/HTTP), runs, spans, the analysis " +
        'report, comments, settings. JSON errors are {"error": {"code", "message", "details"?}}.',
    },
    tags: [...TAGS],
    paths,
    components: {
      schemas,
      responses,
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "An API key (docs/accounts.md); also Basic public:secret or x-api-key.",
        },
      },
    },
  };
}

/** Each schema of `table` under its name; nested named schemas become $refs. */
function componentSchemas(
  table: Record<string, z.ZodType>,
  io: "input" | "output",
  named: Map<z.ZodType, string>,
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(table)) {
    registry.add(schema, { id });
    named.set(schema, id);
  }
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    uri: (id) => `${SCHEMA_REF}${id}`,
    override: ({ jsonSchema }) => {
      // zod writes its ISO-8601 regex beside format: date-time; the format says it.
      if (jsonSchema.format === "date-time") delete jsonSchema.pattern;
    },
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...schema }]) => [id, schema]),
  );
}

type Content = (doc: ContentDoc) => Record<string, { schema: JsonSchema }>;

function contentOf(doc: ContentDoc, named: Map<z.ZodType, string>): Record<string, { schema: JsonSchema }> {
  const out: Record<string, { schema: JsonSchema }> = {};
  for (const [mediaType, schema] of Object.entries(doc)) {
    if (!(schema instanceof z.ZodType)) {
      out[mediaType] = { schema };
      continue;
    }
    const id = named.get(schema);
    if (id === undefined) throw new Error(`a schema of ${mediaType} content is not named in openapi-routes.ts`);
    out[mediaType] = { schema: { $ref: `${SCHEMA_REF}${id}` } };
  }
  return out;
}

function operationOf(path: string, op: OperationDoc, content: Content): Record<string, unknown> {
  const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(op.responses)) {
    responses[status] =
      typeof response === "string" ? { $ref: `${RESPONSE_REF}${response}` } : responseOf(response, content);
  }
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description && { description: op.description }),
    tags: [op.tag],
    ...(op.ingestAuth && { security: [{}, { bearer: [] }] }),
    parameters: [...pathParams, ...queryParams(op), ...(op.headers ?? []).map((h) => ({ in: "header", ...h }))],
    ...(op.body && {
      requestBody: { description: op.body.description, required: true, content: content(op.body.content) },
    }),
    responses,
  };
}

/** One query parameter per property of the operation's query schema, as the server accepts it. */
function queryParams(op: OperationDoc): Record<string, unknown>[] {
  if (!op.query) return [];
  const schema = z.toJSONSchema(op.query, { target: "draft-2020-12", io: "input", unrepresentable: "any" });
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(schema.required ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: "query",
    required: required.has(name),
    ...(op.queryDescriptions?.[name] && { description: op.queryDescriptions[name] }),
    schema: op.queryOverrides?.[name] ?? withoutDatePattern(property),
  }));
}

function responseOf(r: ResponseDoc, content: Content): Record<string, unknown> {
  return {
    description: r.description,
    ...(r.headers && { headers: r.headers }),
    ...(r.content && { content: content(r.content) }),
  };
}

function withoutDatePattern(schema: JsonSchema): JsonSchema {
  if (schema.format !== "date-time") return schema;
  const { pattern: _pattern, ...rest } = schema;
  return rest;
}
