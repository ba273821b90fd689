// Postgres write-ahead-log positions (LSNs) as the read-replica routing
// compares them (docs/scaling.md#read-replica). An LSN is printed as two hex
// halves of a 64-bit byte position, "16/B374D848"; the halves are not padded,
// so LSNs compare as numbers, never as strings. O(1), no database.

const LSN_TEXT = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i;

/** The byte position of an LSN's text, or null when it is not one (a cookie may hold anything). */
export function parseLsn(text: string | null | undefined): bigint | null {
  const m = LSN_TEXT.exec(text?.trim() ?? "");
  if (!m?.[1] || !m[2]) return null;
  return (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`);
}

/**
 * Whether a replica that has replayed up to `replayed` holds everything
 * written up to `required`. An unknown replay position (not a standby, or
 * not yet known) has reached nothing; an unreadable requirement asks for nothing.
 */
export function lsnReached(replayed: string | null, required: string | null): boolean {
  const need = parseLsn(required);
  if (need === null) return true;
  const have = parseLsn(replayed);
  return have !== null && have >= need;
}
