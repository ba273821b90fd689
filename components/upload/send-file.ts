// One file's POST /api/v1/ingest from the browser (docs/dashboard.md#upload):
// XHR sends the File straight from disk without reading it into memory and
// reports the bytes sent; the answer is the ingest result or the API's error.
import type { IngestResponse } from "@/lib/schemas/ingest-api";
import type { UploadRequest } from "@/lib/upload-request";

export type UploadError = { code: string; message: string; details?: Partial<IngestResponse> };
export type SendOutcome = { ok: true; result: IngestResponse } | { ok: false; error: UploadError };

/** Send `file` as `request` says; `onProgress` gets the bytes sent so far. Never rejects. */
export function sendFile(file: File, request: UploadRequest, onProgress: (sent: number) => void): Promise<SendOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", request.url);
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: reported below */
      }
      if (xhr.status === 200) resolve({ ok: true, result: body as IngestResponse });
      else
        resolve({
          ok: false,
          error: (body as { error?: UploadError } | null)?.error ?? {
            code: String(xhr.status),
            message: xhr.statusText || "upload failed",
          },
        });
    };
    xhr.onerror = () => resolve({ ok: false, error: { code: "network", message: "the server could not be reached" } });
    xhr.send(file);
  });
}
