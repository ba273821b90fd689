// lib/schemas/openapi.ts: the document is OpenAPI 3.1 in shape, every $ref
// resolves, and every route.ts under app/ — each exported HTTP method — is in
// `paths`, so a route added without its documentation fails here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { buildOpenApiDocument } from "@/lib/schemas/openapi";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const doc = buildOpenApiDocument({ version: "0.0.0-test" });

/** Every app/**\/route.ts with the URL path Next serves it at and the methods it exports. */
function routeFiles(): { file: string; path: string; methods: string[] }[] {
  const out: { file: string; path: string; methods: string[] }[] = [];
  const stack = [path.join(ROOT, "app")];
  for (let dir = stack.pop(); dir !== undefined; dir = stack.pop()) {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (entry.name === "route.ts") out.push(describeRoute(full));
    }
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

function describeRoute(file: string): { file: string; path: string; methods: string[] } {
  const segments = path
    .relative(path.join(ROOT, "app"), path.dirname(file))
    .split(path.sep)
    .filter((s) => s !== "" && !/^\(.*\)$/.test(s)) // route groups add no segment
    .map((s) =>
      s.replace(/^\[(\w+)\]$/, (_, name: string) => `{${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}}`),
    );
  const source = readFileSync(file, "utf8");
  const exported = [...source.matchAll(/export\s+(?:const|(?:async\s+)?function)\s+([A-Z]+)\b/g)].map((m) => m[1]);
  return {
    file: path.relative(ROOT, file),
    path: `/${segments.join("/")}`,
    methods: exported.filter((m): m is string => m !== undefined && HTTP_METHODS.includes(m)),
  };
}

function resolvePointer(ref: string): unknown {
  let node: unknown = doc;
  for (const raw of ref.replace(/^#\//, "").split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof node !== "object" || node === null || !(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refsIn(v, found);
  else if (typeof value === "object" && value !== null)
    for (const [key, v] of Object.entries(value)) {
      if (key === "$ref" && typeof v === "string") found.push(v);
      else refsIn(v, found);
    }
  return found;
}

type Operation = {
  operationId: string;
  parameters: { name: string; in: string; required: boolean; schema: unknown }[];
  responses: Record<string, unknown>;
};
const operations = Object.entries(doc.paths).flatMap(([p, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ path: p, method, op: op as Operation })),
);

describe("the OpenAPI document", () => {
  test("is OpenAPI 3.1 with an info block and paths", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: "Loopscope API", version: "0.0.0-test" });
    expect(Object.keys(doc.paths).length).toBeGreaterThan(10);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc); // plain JSON, nothing lost in transit
  });

  test("every $ref resolves inside the document", () => {
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(20);
    const broken = refs.filter((ref) => !ref.startsWith("#/") || resolvePointer(ref) === undefined);
    expect(broken).toEqual([]);
  });

  test("every operation has a unique id, responses, and its path's parameters", () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path: p, op } of operations) {
      expect(Object.keys(op.responses).length, p).toBeGreaterThan(0);
      const templated = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = op.parameters.filter((x) => x.in === "path").map((x) => x.name);
      expect(declared, p).toEqual(templated);
      for (const param of op.parameters) expect(param.schema, `${p} ${param.name}`).toBeDefined();
    }
  });

  test("the analysis report's response is the AnalysisReport schema", () => {
    const analysis = doc.paths["/api/v1/runs/{run_id}/analysis"]?.get as { responses: Record<string, unknown> };
    expect(analysis.responses["200"]).toMatchObject({
      content: { "application/json": { schema: { $ref: "#/components/schemas/AnalysisReport" } } },
    });
    const report = doc.components.schemas.AnalysisReport as { required: string[] };
    expect(report.required).toEqual(expect.arrayContaining(["run_id", "tools", "bottlenecks", "settings"]));
  });

  test("JSON errors are the {error: {code, message, details?}} body", () => {
    const body = doc.components.schemas.ErrorBody as { properties: { error: { required: string[] } } };
    expect(body.properties.error.required).toEqual(["code", "message"]);
  });
});

describe("every route of app/ is documented", () => {
  const routes = routeFiles();

  test("the walk finds the API and the OTLP receiver", () => {
    const paths = routes.map((r) => r.path);
    expect(paths).toContain("/api/v1/runs/{run_id}/timeline/spans/{span_id}");
    expect(paths).toContain("/v1/traces");
    expect(routes.every((r) => r.methods.length > 0)).toBe(true);
  });

  test.each(routeFiles().map((r) => [r.file, r] as const))("%s", (_file, route) => {
    expect(Object.keys(doc.paths), `no entry for ${route.path}`).toContain(route.path);
    const documented = Object.keys(doc.paths[route.path] ?? {}).map((m) => m.toUpperCase());
    expect(documented.sort()).toEqual([...route.methods].sort());
  });

  test("nothing is documented that no route serves", () => {
    const served = new Set(routes.map((r) => r.path));
    expect(Object.keys(doc.paths).filter((p) => !served.has(p))).toEqual([]);
  });
});
