// How the API reports an error: the body every route returns,
// {"error": {"code", "message", "details"?}}, and the one way a failed zod
// validation becomes it — one readable line per issue ("limit must be an
// integer", "from must be an ISO-8601 time", `unknown setting "foo"`), listed
// in `details.issues` as {path, message}. Lines name the field and the rule,
// never the value that was sent (it may be a secret or a whole record).
// A schema's own message is used only for a custom rule (`.refine`), where it
// is written as the rule's phrase ("must be a postgres:// URL").
import { z } from "zod";
import { ApiError, ERROR_STATUS, type ErrorCode } from "../errors";

const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** One failed rule: where (`timeouts.search`, `items[2]`) and a whole sentence naming it. */
export const IssueDetail = z.object({ path: z.string(), message: z.string() });
export type IssueDetail = z.infer<typeof IssueDetail>;

/** `details` of an `invalid_parameter` error: every issue, in order. */
export const InvalidInputDetails = z.object({ issues: z.array(IssueDetail) });
export type InvalidInputDetails = z.infer<typeof InvalidInputDetails>;

export const ErrorBody = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    /** Validation errors: `{issues: [{path, message}]}`; ingest errors: what was stored. */
    details: z.record(z.string(), z.unknown()).optional(),
    /** An error logged on the server (500, 503, a value the database refused): the id it is logged under. */
    request_id: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export type IssueContext = {
  /** What a top-level key is, for unknown keys: "setting", "query parameter", "field". */
  noun?: string;
  /** The value that was validated: tells a missing field from a wrong one (never quoted back). */
  input?: unknown;
  /** What to call the whole value when an issue has no path. */
  root?: string;
};

/** At most this many issues are spelled out in an error's message; `details` lists them all. */
const MESSAGE_ISSUES = 5;

/** Each issue as {path, message}; an unknown-keys issue becomes one line per key. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], ctx: IssueContext = {}): IssueDetail[] {
  return issues.flatMap((issue): IssueDetail[] => {
    if (issue.code === "unrecognized_keys") return issue.keys.map((key) => unknownKey([...issue.path, key], ctx.noun));
    const path = pathText(issue.path);
    const name = path || (ctx.root ?? "the value");
    return [{ path, message: `${name} ${ruleOf(issue, ctx)}` }];
  });
}

/** The line for a key the schema does not know: `unknown setting "foo"`. */
export function unknownKey(path: readonly PropertyKey[], noun = "field"): IssueDetail {
  const key = String(path[path.length - 1] ?? "").slice(0, 100);
  return { path: pathText(path), message: `unknown ${noun} "${key}"` };
}

/** The 400 of a request that failed validation: every issue in `details.issues`. */
export function invalidInput(details: readonly IssueDetail[]): ApiError {
  const shown = details.slice(0, MESSAGE_ISSUES).map((d) => d.message);
  const more = details.length > MESSAGE_ISSUES ? `; and ${details.length - MESSAGE_ISSUES} more` : "";
  const body: InvalidInputDetails = { issues: [...details] };
  return new ApiError("invalid_parameter", `${shown.join("; ")}${more}`, body);
}

/** Validate `value` with `schema`, or throw the 400 naming every issue. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, ctx: IssueContext = {}): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalidInput(describeIssues(result.error.issues, { input: value, ...ctx }));
}

/** `timeouts.search`, `items[2].name`; "" for the value itself. */
function pathText(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** The rule an issue broke, as the second half of a line: "must be ≤ 5", "is required". */
export function ruleOf(issue: z.core.$ZodIssue, ctx: IssueContext = {}): string {
  switch (issue.code) {
    case "invalid_type":
      return ctx.input !== undefined && valueAt(ctx.input, issue.path) === undefined
        ? "is required"
        : (TYPE_RULES[issue.expected] ?? `must be of type ${issue.expected}`);
    case "too_small":
      return boundRule(issue.origin, issue.minimum, issue.inclusive, "min");
    case "too_big":
      return boundRule(issue.origin, issue.maximum, issue.inclusive, "max");
    case "invalid_format":
      return FORMAT_RULES[issue.format] ?? `must be a valid ${issue.format}`;
    case "not_multiple_of":
      return `must be a multiple of ${issue.divisor}`;
    case "invalid_value":
      return issue.values.length === 1
        ? `must be ${literal(issue.values[0])}`
        : `must be one of ${issue.values.map(literal).join(", ")}`;
    case "invalid_key":
      return "has a key that is not allowed";
    case "invalid_element":
      return "has an element that is not allowed";
    case "invalid_union":
      return "matches none of the allowed forms";
    case "custom":
      return issue.message;
    default:
      return "is not valid";
  }
}

const TYPE_RULES: Record<string, string> = {
  string: "must be a string",
  number: "must be a number",
  int: "must be an integer",
  bigint: "must be an integer",
  boolean: "must be true or false",
  object: "must be an object",
  record: "must be an object",
  array: "must be a list",
  tuple: "must be a list",
  null: "must be null",
  date: "must be a date",
};

const FORMAT_RULES: Record<string, string> = {
  datetime: "must be an ISO-8601 time",
  date: "must be an ISO-8601 date",
  time: "must be an ISO-8601 time of day",
  duration: "must be an ISO-8601 duration",
  url: "must be a URL",
  email: "must be an email address",
  uuid: "must be a UUID",
  regex: "has the wrong format",
};

function boundRule(origin: string, bound: number | bigint, inclusive: boolean | undefined, side: "min" | "max") {
  const n = Number(bound);
  if (origin === "string") {
    if (side === "min" && n === 1) return "must not be empty";
    return side === "min" ? `must be at least ${n} characters long` : `must be at most ${n} characters long`;
  }
  if (origin === "array" || origin === "set") {
    if (side === "min" && n === 1) return "must not be empty";
    return side === "min" ? `must have at least ${n} items` : `must have at most ${n} items`;
  }
  if (side === "min") return inclusive === false ? `must be > ${n}` : `must be ≥ ${n}`;
  return inclusive === false ? `must be < ${n}` : `must be ≤ ${n}`;
}

function literal(value: unknown): string {
  return typeof value === "string" ? `"${value}"` : String(value);
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
