// Gives validated records their run and ids (docs/format.md, docs/api.md). A record without
// `run_id` takes the upload's run; when the upload names none, the run id is
// derived from the content of the first such line, so re-uploading the same
// file lands in the same run and adds nothing. Spans without `span_id` and
// every event get an id hashed from the run and the line's content:
// identical lines are one record (docs/format.md#ids-and-idempotency).
import { createHash } from "node:crypto";
import type { IngestRecord, StoredRecord } from "../schemas/records";

/** `contentOf`: the line's text, asked for only when an id or the run is hashed from it (a JSON.stringify for a mapped record). */
export type RunAssigner = { assign(record: IngestRecord, contentOf: () => string): StoredRecord };

export function hashId(...parts: string[]): string {
  const h = createHash("sha1");
  for (const p of parts) h.update(p).update("\u0000");
  return h.digest("hex").slice(0, 24);
}

export function createRunAssigner(defaultRunId: string | null): RunAssigner {
  let generated: string | null = defaultRunId;
  const runFor = (own: string | null, contentOf: () => string): string => {
    if (own) return own;
    generated ??= `run-${hashId("run", contentOf()).slice(0, 12)}`;
    return generated;
  };
  return {
    assign(record, contentOf) {
      let content: string | undefined;
      const once = () => (content ??= contentOf());
      const runId = runFor(record.runId, once);
      switch (record.type) {
        case "span":
          return { ...record, runId, spanId: record.spanId ?? `s-${hashId(runId, once())}` };
        case "event":
          return { ...record, runId, eventId: hashId(runId, once()) };
        default:
          return { ...record, runId };
      }
    },
  };
}
