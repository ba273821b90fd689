// The JSON and error responses of docs/api.md: errors are
// {"error": {"code", "message", "details"?}} with the status of their code.
// A lost database connection (refused, reset, server shutting down, too many
// clients) is a 503 db_unavailable with Retry-After, never a 500.
import { randomUUID } from "node:crypto";
import { NextResponse } from "next/server";
import { isDataException } from "@/db/pg-errors";
import type { z } from "zod";
import { ApiError, ERROR_STATUS, type ErrorBody } from "@/lib/errors";
import { parseOrThrow } from "@/lib/schemas/errors";
import { BodyTooLargeError, JSON_BODY_LIMIT_BYTES, parseJsonBytes, readBodyCapped } from "@/lib/http/read-body";
import { rememberWrite } from "./read-db";

export function json<T>(body: T, status = 200, headers?: HeadersInit): NextResponse {
  return NextResponse.json(body, { status, headers });
}

/** Seconds a client should wait before retrying a 503. */
export const RETRY_AFTER_S = 5;

// Node socket errors, postgres.js connection errors and the SQLSTATEs of a
// server that is shutting down, starting up or full (class 08: connection exception),
// or that cancelled a statement past LOOPSCOPE_DB_STATEMENT_TIMEOUT_S (57014).
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57014",
  "55000", // "database … is not currently accepting connections" (ALLOW_CONNECTIONS false)
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

/** Whether an error (or any error in its `cause` chain) says the database cannot be reached. */
export function isDbUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const stack: unknown[] = [err];
  while (stack.length > 0) {
    const e = stack.pop();
    if (typeof e !== "object" || e === null || seen.has(e)) continue;
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    stack.push((e as { cause?: unknown }).cause);
    if (e instanceof AggregateError) stack.push(...e.errors);
  }
  return false;
}

/**
 * The response of a thrown error. Errors the client did not cause (500, 503)
 * and values the database refused are logged with a request id, and the body
 * carries that id as `request_id`, never the cause: its text may quote SQL,
 * parameters, hosts or records.
 */
export function errorResponse(err: unknown): NextResponse {
  const retry: HeadersInit = { "Retry-After": String(RETRY_AFTER_S) };
  if (err instanceof ApiError) {
    const logged = err.code === "db_unavailable" || err.code === "internal" ? logError(err.cause ?? err) : undefined;
    const body: ErrorBody = {
      error: {
        code: err.code,
        message: err.message,
        ...(err.details && { details: err.details }),
        ...(logged && { request_id: logged }),
      },
    };
    // A throttled sign-in (app/_server/sign-in-throttle.ts) says how long to wait in details.retry_after_s.
    const waitS = err.details?.retry_after_s;
    const headers =
      err.code === "db_unavailable" ? retry : typeof waitS === "number" ? { "Retry-After": String(waitS) } : {};
    return json(body, ERROR_STATUS[err.code], headers);
  }
  const request_id = logError(err);
  if (isDbUnavailable(err)) {
    const message = "the database is unavailable; retry later";
    return json({ error: { code: "db_unavailable", message, request_id } } satisfies ErrorBody, 503, retry);
  }
  if (isDataException(err)) {
    // A value of the request that validation let through and the database refused (a safety net).
    const message = "the database cannot use a value of this request (data exception)";
    return json({ error: { code: "bad_request", message, request_id } } satisfies ErrorBody, 400);
  }
  return json({ error: { code: "internal", message: "internal error", request_id } } satisfies ErrorBody, 500);
}

/** Log a failure under a new request id, and return the id. */
export function logError(err: unknown): string {
  const id = randomUUID();
  console.error(`loopscope: request ${id} failed:`, err);
  return id;
}

/** Parse query parameters with a schema, or throw a 400 naming each bad parameter. */
export function parseQuery<S extends z.ZodType>(schema: S, url: string): z.output<S> {
  const params = Object.fromEntries(new URL(url).searchParams);
  return parseOrThrow(schema, params, { noun: "query parameter", root: "the query" });
}

/**
 * Parse a JSON request body with a schema: 413 when it is over `limitBytes`
 * (default JSON_BODY_LIMIT_BYTES, 64 KiB; read capped, lib/http/read-body.ts),
 * 400 when it is not JSON (saying to send `expected`), or naming each bad
 * field (`noun`: what a key is called). Every route that reads a JSON body
 * reads it here, so none holds a body past its cap.
 */
export async function parseJsonBody<S extends z.ZodType>(
  schema: S,
  req: Request,
  {
    expected,
    noun = "field",
    limitBytes = JSON_BODY_LIMIT_BYTES,
  }: { expected: string; noun?: string; limitBytes?: number },
): Promise<z.output<S>> {
  const bytes = await readBodyCapped(req.body, req.headers.get("content-length"), limitBytes).catch((err: unknown) => {
    if (!(err instanceof BodyTooLargeError)) throw err;
    throw new ApiError("payload_too_large", `${err.message}: send at most ${limitBytes} bytes`, {
      limit_bytes: limitBytes,
    });
  });
  const parsed = parseJsonBytes(bytes);
  if (!parsed.ok) throw new ApiError("bad_request", `${parsed.problem}: send ${expected}`);
  return parseOrThrow(schema, parsed.value, { noun, root: "the body" });
}

/**
 * Wrap a handler so every thrown error becomes its docs/api.md response, and a
 * successful write hands back its LSN for read-your-writes (app/_server/read-db.ts).
 */
export function handle<A extends unknown[]>(fn: (...args: A) => Promise<Response>) {
  return async (...args: A): Promise<Response> => {
    try {
      return await rememberWrite(args[0], await fn(...args));
    } catch (err) {
      return errorResponse(err);
    }
  };
}
