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

function sqlStateOf(err: unknown): string | null {
  for (let e = err, depth = 0; typeof e === "object" && e !== null && depth < 5; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
