// SQLSTATEs the data layer reacts to. drizzle wraps a failed query in a
// DrizzleQueryError whose `cause` is the driver's error, while a COPY fails
// with the driver's own: look along the cause chain for the code.
const UNIQUE_VIOLATION = "23505";
const FOREIGN_KEY_VIOLATION = "23503";

export function isUniqueViolation(err: unknown): boolean {
  return sqlStateOf(err) === UNIQUE_VIOLATION;
}

/** A row named a run that is not (or no longer) in `runs`: it was deleted meanwhile. */
export function isForeignKeyViolation(err: unknown): boolean {
  return sqlStateOf(err) === FOREIGN_KEY_VIOLATION;
}

/**
 * SQLSTATE classes of a statement refused for the data it was given (Postgres
 * appendix A; PGlite reports the same codes): a value a column cannot hold, a
 * constraint, a size the server cannot handle. Named in the reply by class only.
 */
const DATA_ERROR_CLASSES: Record<string, string> = {
  "22": "data exception",
  "23": "integrity constraint violation",
  "54": "program limit exceeded",
};

/**
 * Why a write failed because of what it wrote, as a class name ("data
 * exception"), or null when it failed for another reason (a lost connection,
 * a bug). A RangeError is a value that could not even be encoded for the
 * database (a batch's JSON over the largest string, a time out of range).
 */
export function dataErrorClassOf(err: unknown): string | null {
  const code = sqlStateOf(err);
  if (code !== null) return isMissingPartition(err) ? null : (DATA_ERROR_CLASSES[code.slice(0, 2)] ?? null);
  for (let e = err, depth = 0; typeof e === "object" && e !== null && depth < 5; depth += 1) {
    if (e instanceof RangeError) return "value out of range for encoding";
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** A value the database could not use (class 22: a NUL in text, a number out of range, an unreadable time). */
export function isDataException(err: unknown): boolean {
  return sqlStateOf(err)?.startsWith("22") ?? false;
}

/**
 * A row whose month has no spans partition (db/partitions.ts): a check violation by its
 * SQLSTATE, but the server's fault, not the record's — the write fails instead of refusing it.
 */
function isMissingPartition(err: unknown): boolean {
  for (let e = err, depth = 0; typeof e === "object" && e !== null && depth < 5; depth += 1) {
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && message.startsWith("no partition of relation")) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function sqlStateOf(err: unknown): string | null {
  for (let e = err, depth = 0; typeof e === "object" && e !== null && depth < 5; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
