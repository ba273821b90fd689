"use client";
// Upload (docs/dashboard.md): drop or pick .jsonl / .jsonl.gz files; each is streamed
// to POST /api/v1/ingest straight from disk (XHR sends the File without
// reading it into memory) with a progress bar of bytes sent, then its
// accepted/rejected counts, the first line errors and links to its runs.
import Link from "next/link";
import { useCallback, useRef, useState } from "react";
import type { IngestResponse } from "@/lib/schemas/ingest-api";
import { formatCount } from "@/lib/format";

type ErrorBody = { error: { code: string; message: string; details?: Partial<IngestResponse> } };
type Item = {
  id: number;
  file: File;
  sent: number;
  state: "queued" | "sending" | "processing" | "done" | "failed";
  result?: IngestResponse;
  error?: ErrorBody["error"];
};

const SHOWN_ERRORS = 20;

export function UploadPanel() {
  const [items, setItems] = useState<Item[]>([]);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const nextId = useRef(1);

  const update = useCallback((id: number, patch: Partial<Item>) => {
    setItems((all) => all.map((it) => (it.id === id ? { ...it, ...patch } : it)));
  }, []);

  const send = useCallback(
    (item: Item) =>
      new Promise<void>((resolve) => {
        const xhr = new XMLHttpRequest();
        xhr.open("POST", "/api/v1/ingest");
        xhr.setRequestHeader("Content-Type", "application/x-ndjson");
        xhr.setRequestHeader("X-Loopscope-Filename", encodeURIComponent(item.file.name));
        xhr.upload.onprogress = (e) =>
          update(item.id, { sent: e.loaded, state: e.loaded >= item.file.size ? "processing" : "sending" });
        xhr.onload = () => {
          let body: unknown = null;
          try {
            body = JSON.parse(xhr.responseText);
          } catch {
            /* not JSON: reported below */
          }
          if (xhr.status === 200)
            update(item.id, { state: "done", sent: item.file.size, result: body as IngestResponse });
          else
            update(item.id, {
              state: "failed",
              error: (body as ErrorBody | null)?.error ?? {
                code: String(xhr.status),
                message: xhr.statusText || "upload failed",
              },
            });
          resolve();
        };
        xhr.onerror = () => {
          update(item.id, { state: "failed", error: { code: "network", message: "the server could not be reached" } });
          resolve();
        };
        update(item.id, { state: "sending" });
        xhr.send(item.file);
      }),
    [update],
  );

  const addFiles = useCallback(
    async (files: FileList | File[]) => {
      const fresh = [...files].map((file) => ({ id: nextId.current++, file, sent: 0, state: "queued" as const }));
      setItems((all) => [...fresh, ...all]);
      for (const item of fresh) await send(item); // one at a time: the server streams each into the database
    },
    [send],
  );

  return (
    <div>
      <div
        className={`dropzone${over ? " over" : ""}`}
        data-testid="dropzone"
        onClick={() => input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          void addFiles(e.dataTransfer.files);
        }}
      >
        <p style={{ fontSize: 15 }}>
          Drop <b>.jsonl</b> or <b>.jsonl.gz</b> files here, or click to pick them
        </p>
        <p>
          Spans, iterations and events in Loopscope JSONL v1 — or bare{" "}
          <span className="mono">{"{name,t0,t1,ok,error,meta}"}</span> spans from a Python harness.
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept=".jsonl,.gz,.ndjson,.json,application/gzip"
          hidden
          data-testid="file-input"
          onChange={(e) => {
            if (e.target.files) void addFiles(e.target.files);
            e.target.value = "";
          }}
        />
      </div>
      <div style={{ marginTop: 16, display: "grid", gap: 10 }}>
        {items.map((it) => (
          <UploadItem key={it.id} item={it} />
        ))}
      </div>
    </div>
  );
}

function UploadItem({ item }: { item: Item }) {
  const pct = item.file.size ? Math.min(100, (item.sent / item.file.size) * 100) : 100;
  const result = item.result ?? item.error?.details;
  return (
    <div className="card" data-testid="upload-item" data-state={item.state} data-filename={item.file.name}>
      <div className="row">
        <b className="mono">{item.file.name}</b>
        <span className="muted">{formatCount(item.file.size)} bytes</span>
        <span className="spacer" />
        <span className="muted">{item.state === "processing" ? "storing…" : item.state}</span>
      </div>
      <div
        className="progress"
        style={{ margin: "8px 0" }}
        role="progressbar"
        aria-valuenow={Math.round(pct)}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div style={{ width: `${pct}%`, background: item.state === "failed" ? "var(--bad)" : undefined }} />
      </div>
      {item.error && (
        <p style={{ color: "var(--bad)", margin: "4px 0" }} data-testid="upload-error">
          {item.error.message}
        </p>
      )}
      {result && (
        <>
          <div className="row">
            <span className="badge ok" data-testid="accepted">
              {formatCount(result.accepted ?? 0)} accepted
            </span>
            <span className={`badge ${result.rejected ? "bad" : ""}`} data-testid="rejected">
              {formatCount(result.rejected ?? 0)} rejected
            </span>
            {(result.runs ?? []).map((run) => (
              <Link key={run} href={`/runs/${encodeURIComponent(run)}`} className="btn" data-testid="run-link">
                Open run {run}
              </Link>
            ))}
          </div>
          {result.errors && result.errors.length > 0 && (
            <ul className="error-list" data-testid="line-errors">
              {result.errors.slice(0, SHOWN_ERRORS).map((e) => (
                <li key={e.line}>
                  line {e.line}: {e.message}
                </li>
              ))}
              {(result.errors_total ?? 0) > SHOWN_ERRORS && (
                <li>… and {(result.errors_total ?? 0) - SHOWN_ERRORS} more</li>
              )}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
