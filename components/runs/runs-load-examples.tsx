"use client";
// The empty runs page's "Load example runs" button: POST /api/v1/examples,
// then ask the server page to re-render (router.refresh) so the runs appear.
// Loading twice changes nothing, so a double click is harmless.
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ErrorBody } from "@/lib/schemas/errors";
import type { ExamplesResponse } from "@/lib/schemas/ingest-api";

export function RunsLoadExamples() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function load() {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch("/api/v1/examples", { method: "POST" });
      const body = (await res.json().catch(() => null)) as ExamplesResponse | ErrorBody | null;
      if (!res.ok || body === null || "error" in body)
        throw new Error(body && "error" in body ? body.error.message : `HTTP ${res.status}`);
      router.refresh();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="btn primary" onClick={load} disabled={busy} data-testid="load-examples">
        {busy ? "Loading example runs…" : "Load example runs"}
      </button>
      {error && (
        <span className="error-text" role="alert">
          {" "}
          {error}
        </span>
      )}
    </>
  );
}
