// The notice on a run whose times were estimated on import
// (docs/import.md#times): a log without timestamps (headless `claude -p`
// output) has its lines spread evenly between the session's start and the
// file's modification time, and the run is labelled `timing: estimated`, so
// durations, rates and time-based breakers on its page are approximate.
import Link from "next/link";

/** Whether the run's labels say its times were estimated. */
export function hasEstimatedTimes(labels: Record<string, string>): boolean {
  return labels.timing === "estimated";
}

export function RunTimingNotice() {
  return (
    <p className="card" role="note" style={{ borderColor: "var(--warn)", margin: 0 }} data-testid="timing-estimated">
      <b style={{ color: "var(--warn)" }}>Times estimated:</b> this log has no timestamps, so times were spread evenly
      between the session&apos;s start and the file&apos;s modification time.{" "}
      <Link href="/docs/import#times">How times are estimated</Link>
    </p>
  );
}
