// Error codes shared by the API, the CLI and the pages. An ApiError carries
// the code and an optional `details` object; transport maps code → status.
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  cross_origin: 403,
  forbidden: 403,
  conflict: 409,
  invalid_parameter: 400,
  nothing_valid: 400,
  not_found: 404,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_attempts: 429,
  db_unavailable: 503,
  not_ready: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The error body of every API route; its schema is in lib/schemas/errors.ts. */
export type { ErrorBody } from "./schemas/errors";

/** The 404 of every run-scoped endpoint. */
export function runNotFound(runId: string): ApiError {
  return new ApiError("not_found", `no run "${runId}"`);
}
