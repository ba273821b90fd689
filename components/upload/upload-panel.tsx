"use client";
// Upload (docs/dashboard.md#upload): drop or pick files (or a folder) of any
// format the ingest reads, plain or gzipped. Each file is its own POST
// /api/v1/ingest, one at a time (the server streams each into the database),
// sent straight from disk with a progress bar, its modification time and
// name, and the choices of the options above the drop zone at the moment
// the files were added (lib/upload-request.ts).
import { useCallback, useRef, useState } from "react";
import { prepareUploadRequest, suggestRunId, UPLOAD_ACCEPT, type UploadChoices } from "@/lib/upload-request";
import { readDrop } from "./dropped-files";
import { sendFile } from "./send-file";
import { UploadItem, type UploadItemState } from "./upload-item";
import { UploadOptions, type UploadOptionsValue } from "./upload-options";
import css from "./upload.module.css";

export function UploadPanel() {
  const [items, setItems] = useState<UploadItemState[]>([]);
  const [options, setOptions] = useState<UploadOptionsValue>({ oneRun: false, runId: "", format: "" });
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const nextId = useRef(1);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const update = useCallback((id: number, patch: Partial<UploadItemState>) => {
    setItems((all) => all.map((it) => (it.id === id ? { ...it, ...patch } : it)));
  }, []);

  const changeOptions = useCallback((patch: Partial<UploadOptionsValue>) => {
    setOptions((o) => {
      const next = { ...o, ...patch };
      if (patch.oneRun && next.runId.trim() === "") next.runId = suggestRunId(new Date());
      return next;
    });
  }, []);

  const send = useCallback(
    async (item: UploadItemState, choices: UploadChoices) => {
      update(item.id, { state: "sending" });
      const request = prepareUploadRequest(item.file, choices);
      const outcome = await sendFile(item.file, request, (sent) =>
        update(item.id, { sent, state: sent >= item.file.size ? "processing" : "sending" }),
      );
      if (outcome.ok) update(item.id, { state: "done", sent: item.file.size, result: outcome.result });
      else update(item.id, { state: "failed", error: outcome.error });
    },
    [update],
  );

  const addFiles = useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      if (options.oneRun && options.runId.trim() === "") return; // the options show why
      const choices: UploadChoices = {
        runId: options.oneRun ? options.runId.trim() : null,
        format: options.format || null,
      };
      const fresh: UploadItemState[] = files.map((file) => ({
        id: nextId.current++,
        file,
        forced: choices.format,
        sent: 0,
        state: "queued",
      }));
      setItems((all) => [...fresh, ...all]);
      queue.current = queue.current.then(async () => {
        for (const item of fresh) await send(item, choices);
      });
    },
    [options, send],
  );

  return (
    <div>
      <UploadOptions value={options} onChange={changeOptions} />
      <div
        className={`dropzone ${css.dropzone}${over ? " over" : ""}`}
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
          void readDrop(e.dataTransfer).then(addFiles);
        }}
      >
        <p style={{ fontSize: 15 }}>
          Drop files or a folder here, or <u>click to pick files</u>
        </p>
        <p>
          Loopscope JSONL, Claude Code and Codex sessions, headless <span className="mono">claude -p</span> logs, OpenAI
          Agents, Langfuse, Jaeger, Phoenix and OTLP JSON exports, loop-breaker iteration logs — <b>.jsonl</b>,{" "}
          <b>.json</b>, <b>.md</b>, <b>.ndjson</b>, plain or <b>.gz</b>. Each file&apos;s format is detected from its
          content.
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          hidden
          data-testid="file-input"
          onChange={(e) => {
            if (e.target.files) addFiles([...e.target.files]);
            e.target.value = "";
          }}
        />
      </div>
      <div className={css.items}>
        {items.map((it) => (
          <UploadItem key={it.id} item={it} />
        ))}
      </div>
    </div>
  );
}
