// One file of an upload (docs/dashboard.md#upload): its progress, then the
// format it was read as, its accepted / new / rejected / skipped counts, the first
// rejected lines with their numbers, and a link to each of its runs. Render
// only.
import Link from "next/link";
import { formatCount } from "@/lib/format";
import { plural } from "@/lib/plural";
import { formatLabel } from "@/lib/import-labels";
import type { IngestResponse } from "@/lib/schemas/ingest-api";
import type { UploadError } from "./send-file";
import css from "./upload.module.css";

export type UploadItemState = {
  id: number;
  file: File;
  /** The format the upload forced, or null: detected. */
  forced: string | null;
  sent: number;
  state: "queued" | "sending" | "processing" | "done" | "failed";
  result?: IngestResponse;
  error?: UploadError;
};

const SHOWN_ERRORS = 20;

export function UploadItem({ item }: { item: UploadItemState }) {
  const pct = item.file.size ? Math.min(100, (item.sent / item.file.size) * 100) : 100;
  const result: Partial<IngestResponse> | undefined = item.result ?? item.error?.details;
  return (
    <div className="card" data-testid="upload-item" data-state={item.state} data-filename={item.file.name}>
      <div className="row">
        <b className={`mono ${css.name}`}>{item.file.name}</b>
        <span className="muted">{plural(item.file.size, "byte")}</span>
        <span className="spacer" />
        <span className="muted">{item.state === "processing" ? "storing…" : item.state}</span>
      </div>
      <div
        className="progress"
        style={{ margin: "8px 0" }}
        role="progressbar"
        aria-label={`${item.file.name} sent`}
        aria-valuenow={Math.round(pct)}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div style={{ width: `${pct}%`, background: item.state === "failed" ? "var(--bad)" : undefined }} />
      </div>
      {item.error && (
        <p className={`${css.wrap} error-text`} style={{ margin: "4px 0" }} data-testid="upload-error">
          {item.error.message}
        </p>
      )}
      {result && <UploadItemResult result={result} forced={item.forced !== null} />}
    </div>
  );
}

function UploadItemResult({ result, forced }: { result: Partial<IngestResponse>; forced: boolean }) {
  const errorsTotal = result.errors_total ?? 0;
  return (
    <>
      <div className="row">
        {result.format && (
          <span className="badge info" data-testid="format" data-format={result.format}>
            <span className="muted">{forced ? "read as" : "detected"}: </span>
            <span data-testid="format-label">{formatLabel(result.format)}</span>
          </span>
        )}
        <span className="badge ok" data-testid="accepted">
          {formatCount(result.accepted ?? 0)} accepted
        </span>
        {result.stored != null && (
          <span
            className={`badge ${result.stored > 0 ? "ok" : ""}`}
            data-testid="stored"
            title="Records not stored before: a file uploaded again adds nothing"
          >
            {formatCount(result.stored)} new
          </span>
        )}
        <span className={`badge ${result.rejected ? "bad" : ""}`} data-testid="rejected">
          {formatCount(result.rejected ?? 0)} rejected
        </span>
        <span
          className="badge"
          data-testid="skipped"
          title="Lines skipped on purpose: kinds that carry nothing for Loopscope"
        >
          {formatCount(result.skipped ?? 0)} skipped
        </span>
      </div>
      {(result.runs ?? []).length > 0 && (
        <div className="row" style={{ marginTop: 8 }}>
          {(result.runs ?? []).map((run) => (
            <Link
              key={run}
              href={`/runs/${encodeURIComponent(run)}`}
              className={`btn ${css.runLink}`}
              data-testid="run-link"
            >
              Open run {run}
            </Link>
          ))}
        </div>
      )}
      {result.errors && result.errors.length > 0 && (
        <ul className={`error-list ${css.wrap}`} data-testid="line-errors">
          {result.errors.slice(0, SHOWN_ERRORS).map((e) => (
            <li key={e.line}>
              line {e.line}: {e.message}
            </li>
          ))}
          {errorsTotal > SHOWN_ERRORS && <li>… and {formatCount(errorsTotal - SHOWN_ERRORS)} more</li>}
        </ul>
      )}
    </>
  );
}
