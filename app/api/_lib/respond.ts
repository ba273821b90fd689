// The JSON and error responses of SPEC §2: errors are
// {"error": {"code", "message", "details"?}} with the status of their code.
import { NextResponse } from "next/server";
import type { z } from "zod";
import { ApiError, ERROR_STATUS, type ErrorBody } from "@/lib/errors";

export function json<T>(body: T, status = 200, headers?: HeadersInit): NextResponse {
  return NextResponse.json(body, { status, headers });
}

export function errorResponse(err: unknown): NextResponse {
  if (err instanceof ApiError) {
    const body: ErrorBody = { error: { code: err.code, message: err.message, ...(err.details && { details: err.details }) } };
    const headers: HeadersInit = err.code === "db_unavailable" ? { "Retry-After": "5" } : {};
    return json(body, ERROR_STATUS[err.code], headers);
  }
  console.error(err);
  return json({ error: { code: "internal", message: "internal error" } } satisfies ErrorBody, 500);
}

/** Parse query parameters with a schema, or throw a 400 naming the parameter. */
export function parseQuery<S extends z.ZodType>(schema: S, url: string): z.output<S> {
  const params = Object.fromEntries(new URL(url).searchParams);
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const param = String(issue.path[0] ?? "query");
  throw new ApiError("invalid_parameter", `invalid query parameter "${param}": ${issue.message}`, { param });
}

/** Wrap a handler so every thrown error becomes its SPEC §2 response. */
export function handle<A extends unknown[]>(fn: (...args: A) => Promise<Response>) {
  return async (...args: A): Promise<Response> => {
    try {
      return await fn(...args);
    } catch (err) {
      return errorResponse(err);
    }
  };
}
