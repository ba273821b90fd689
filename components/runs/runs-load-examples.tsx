"use client";
// The empty runs page's "Load example runs" button: POST /api/v1/examples,
// then ask the server page to re-render (useRefreshAfter) so the runs appear.
// Loading twice changes nothing, so a double click is harmless.
import type { ErrorBody } from "@/lib/schemas/errors";
import type { ExamplesResponse } from "@/lib/schemas/ingest-api";
import { useRefreshAfter } from "@/components/shared/use-refresh-after";

/** `testId`: the button's data-testid, so the home page's intro and the empty list can both have one. */
export function RunsLoadExamples({ testId = "load-examples" }: { testId?: string } = {}) {
  const { busy, error, run } = useRefreshAfter();

  const load = () =>
    run(async () => {
      const res = await fetch("/api/v1/examples", { method: "POST" });
      const body = (await res.json().catch(() => null)) as ExamplesResponse | ErrorBody | null;
      if (!res.ok || body === null || "error" in body)
        throw new Error(body && "error" in body ? body.error.message : `HTTP ${res.status}`);
    });

  return (
    <>
      <button type="button" className="btn primary" onClick={load} disabled={busy} data-testid={testId}>
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
