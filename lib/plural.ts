// A count and its noun, agreeing: "1 iteration", "2 iterations", "0 calls",
// "1,204 spans". Every page, report and CLI line that puts a number before a
// noun says it through here, so none reads "1 iterations" or "3 trip(s)".
// English only; a noun whose plural is not the singular plus "s" names it.
// Pure. O(1).
import { formatCount } from "./format";

/** The noun for `n` of it: `singular` for exactly 1, else `pluralForm`. */
export function pluralWord(n: number, singular: string, pluralForm = `${singular}s`): string {
  return n === 1 ? singular : pluralForm;
}

/** `n` (grouped: "1,204") and its noun: `plural(1, "entry", "entries")` → "1 entry". */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(n)} ${pluralWord(n, singular, pluralForm)}`;
}
