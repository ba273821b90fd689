// The ingest hot path without a second source of truth (docs/benchmarks.md#ingest):
// an accept-only validator generated once from a zod schema's own definition. It
// answers true only where zod's safeParse succeeds with an output equal to the
// input, so the input itself is the parsed value; false means "ask zod", and every
// error still comes from zod. It is generated from what zod itself runs — each
// type's definition, and each check either as the check's own function or, for the
// number bounds and formats, as the comparison that function makes — so a schema
// that changes changes both. Length checks pass at once only where the check
// must (zod counts code points: never more than the UTF-16 units, never fewer than
// half), else they run as zod's. What it does not know (transforms, pipes,
// defaults, coercion, a check that rewrites the value, exact optionals) compiles to
// null, and such a schema goes through zod alone. It also defers what zod would
// copy differently from the input: an object with an own `__proto__` key, extra
// keys where the schema strips or refuses them, a record that is not a plain object
// or holds symbol keys. The parity test (tests/unit/schemas/fast-accept.test.ts)
// holds it to zod on the fuzz corpus and the examples. The code is one function per
// object, array and record of the schema, made with `new Function` where the
// runtime allows it (as zod's own objects are). O(size of the value); the accepted
// path allocates a payload per check it hands to zod.
import { z } from "zod";

export type Accept = (value: unknown) => boolean;

type Schema = z.core.$ZodType;
type Check = z.core.$ZodCheck<unknown>;
type Payload = { value: unknown; issues: unknown[] };

/** A check as zod runs it on a value with no issue yet; any issue, a changed value or a promise: ask zod. */
function passesCheck(check: Check, value: unknown): boolean {
  // A payload of its own: a check may itself parse with a schema that runs checks here.
  const payload: Payload = { value, issues: [] };
  const when = check._zod.def.when as ((p: Payload) => boolean) | undefined;
  if (when && !when(payload)) return true;
  const out: unknown = check._zod.check(payload as z.core.ParsePayload<unknown>);
  return !(out instanceof Promise) && payload.issues.length === 0 && payload.value === value;
}

/** What the generated code reads besides its input: the checks it runs as zod's, the sets of enums, the functions of nested nodes. */
type Externals = { checks: Check[]; sets: Set<unknown>[]; fns: string[] };

/** The accept-only twin of `schema`, or null when some part of it is not known here (or code cannot be generated). */
export function compileAccept(schema: Schema): Accept | null {
  if (!z.core.util.allowsEval.value) return null;
  const ext: Externals = { checks: [], sets: [], fns: [] };
  const test = testOf(schema, "v", ext);
  if (test === null) return null;
  const body = `${ext.fns.join("\n")}\nreturn function accept(v) { return ${test}; };`;
  const make = new Function("K", "C", "S", body) as (k: typeof passesCheck, c: Check[], s: Set<unknown>[]) => Accept;
  return make(passesCheck, ext.checks, ext.sets);
}

/** A JS expression that is true only when zod accepts the value of variable `x` as it is. */
function testOf(schema: Schema, x: string, ext: Externals): string | null {
  const type = typeTestOf(schema, x, ext);
  if (type === null) return null;
  const def = schema._zod.def as z.core.$ZodTypeDef & { checks?: Check[] };
  // As zod gathers them: a schema that is itself a check (z.int32()) runs first, then its checks.
  const own = schema._zod.traits.has("$ZodCheck") ? [schema as unknown as Check] : [];
  const parts = [type];
  for (const check of [...own, ...(def.checks ?? [])]) {
    const test = checkTestOf(check, x, ext);
    if (test === null) return null;
    parts.push(test);
  }
  return parts.length === 1 ? type : `(${parts.join(" && ")})`;
}

function checkTestOf(check: Check, x: string, ext: Externals): string | null {
  const def = check._zod.def as z.core.$ZodCheckDef & Record<string, unknown>;
  const asZod = () => `K(C[${ext.checks.push(check) - 1}], ${x})`;
  const bound = def.value;
  switch (def.check) {
    case "overwrite":
      return null;
    case "greater_than":
      return typeof bound === "number" ? `${x} ${def.inclusive ? ">=" : ">"} ${bound}` : asZod();
    case "less_than":
      return typeof bound === "number" ? `${x} ${def.inclusive ? "<=" : "<"} ${bound}` : asZod();
    case "number_format": {
      const format = def.format as keyof typeof z.core.util.NUMBER_FORMAT_RANGES;
      const range = z.core.util.NUMBER_FORMAT_RANGES[format];
      if (!range) return asZod();
      // An integer format asks for an integer, a safe one, then the range.
      const int = format.includes("int") ? `Number.isSafeInteger(${x}) && ` : "";
      return `(${int}${x} >= ${range[0]} && ${x} <= ${range[1]})`;
    }
    case "max_length":
      return `(${x}.length <= ${Number(def.maximum)} || ${asZod()})`;
    case "min_length":
      return `(${x}.length >= ${2 * Number(def.minimum)} || ${asZod()})`;
    default:
      return asZod();
  }
}

function typeTestOf(schema: Schema, x: string, ext: Externals): string | null {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  if (def.coerce) return null;
  switch (def.type) {
    case "string":
      return `typeof ${x} === "string"`;
    case "number":
      return `Number.isFinite(${x})`;
    case "boolean":
      return `typeof ${x} === "boolean"`;
    case "unknown":
    case "any":
      return "true";
    case "never":
      return "false";
    case "literal":
      return `S[${ext.sets.push(new Set(def.values as unknown[])) - 1}].has(${x})`;
    case "enum":
      return `S[${ext.sets.push(new Set(z.core.util.getEnumValues(def.entries as z.core.util.EnumLike))) - 1}].has(${x})`;
    case "optional": {
      const inner = (def as unknown as z.core.$ZodOptionalDef).innerType;
      // An exact optional refuses undefined; a defaulted inner substitutes a value: both zod's to answer.
      if (schema._zod.traits.has("$ZodExactOptional") || inner._zod.optin === "defaulted") return null;
      const test = testOf(inner, x, ext);
      return test && `(${x} === undefined || ${test})`;
    }
    case "nullable": {
      const test = testOf(def.innerType as Schema, x, ext);
      return test && `(${x} === null || ${test})`;
    }
    case "union": {
      const tests = (def.options as Schema[]).map((o) => testOf(o, x, ext));
      return tests.some((t) => t === null) ? null : `(${tests.join(" || ")})`;
    }
    case "array":
    case "record":
    case "object": {
      const fn = containerFunction(def, ext);
      return fn && `${fn}(${x})`;
    }
    default:
      return null;
  }
}

/** A generated function for an array, a record or an object: their members need loops and a variable. */
function containerFunction(def: z.core.$ZodTypeDef & Record<string, unknown>, ext: Externals): string | null {
  const slot = ext.fns.push("") - 1;
  const body =
    def.type === "array" ? arrayBody(def, ext) : def.type === "record" ? recordBody(def, ext) : objectBody(def, ext);
  if (body === null) return null;
  ext.fns[slot] = `function f${slot}(v) {\n${body}\n}`;
  return `f${slot}`;
}

function arrayBody(def: Record<string, unknown>, ext: Externals): string | null {
  const test = testOf(def.element as Schema, "x", ext);
  return (
    test &&
    `if (!Array.isArray(v)) return false;
for (let i = 0; i < v.length; i++) { const x = v[i]; if (!(${test})) return false; }
return true;`
  );
}

/** z.record(z.string(), …) over a plain object: zod copies it key by key, own enumerable string keys only. */
function recordBody(def: Record<string, unknown>, ext: Externals): string | null {
  const key = (def.keyType as Schema)._zod.def as z.core.$ZodTypeDef & { checks?: Check[] };
  if (key.type !== "string" || (key.checks?.length ?? 0) > 0 || def.mode !== undefined) return null;
  const test = testOf(def.valueType as Schema, "x", ext);
  return (
    test &&
    `if (typeof v !== "object" || v === null || Object.getPrototypeOf(v) !== Object.prototype) return false;
if (Object.hasOwn(v, "__proto__") || Object.getOwnPropertySymbols(v).length > 0) return false;
for (const k in v) { const x = v[k]; if (!(${test})) return false; }
return true;`
  );
}

function objectBody(def: Record<string, unknown>, ext: Externals): string | null {
  const shape = def.shape as Record<string, Schema>;
  if (Object.getOwnPropertySymbols(shape).length > 0 || Object.hasOwn(shape, "__proto__")) return null;
  const lines = [
    `if (typeof v !== "object" || v === null || Array.isArray(v) || Object.hasOwn(v, "__proto__")) return false;`,
    "let x;",
  ];
  for (const [k, s] of Object.entries(shape)) {
    const test = testOf(s, "x", ext);
    if (test === null) return null;
    lines.push(`x = v[${JSON.stringify(k)}]; if (!(${test})) return false;`);
  }
  const catchall = def.catchall as Schema | undefined;
  const catchallType = catchall?._zod.def.type;
  // Extra keys: kept as they are under an unknown catchall (nothing to check); stripped or refused
  // otherwise, so only an input without any is its own output; else each is checked.
  if (catchall === undefined || catchallType === "never") {
    const known = ext.sets.push(new Set(Object.keys(shape))) - 1;
    lines.push(`for (const k in v) if (!S[${known}].has(k)) return false;`);
  } else if (catchallType !== "unknown" && catchallType !== "any") {
    const known = ext.sets.push(new Set(Object.keys(shape))) - 1;
    const test = testOf(catchall, "x", ext);
    if (test === null) return null;
    lines.push(`for (const k in v) { if (S[${known}].has(k)) continue; x = v[k]; if (!(${test})) return false; }`);
  }
  lines.push("return true;");
  return lines.join("\n");
}
