// docs/api.md#errors — a path whose percent-encoding does not decode (`%ZZ`,
// a cut UTF-8 sequence like `%E0%A4%A`) names no run, page or key: it is the
// client's 400, checked once before any route decodes its parameters (where
// the throw used to be a 500). Pure, O(length).

/** Whether `text` holds a `%` sequence that does not decode to UTF-8. */
export function hasMalformedPercentEncoding(text: string): boolean {
  if (!text.includes("%")) return false;
  try {
    decodeURIComponent(text);
    return false;
  } catch {
    return true;
  }
}
