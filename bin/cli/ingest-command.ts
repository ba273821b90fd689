// `loopscope ingest`: stream each file to POST /api/v1/ingest (never read
// whole) with a progress bar of bytes sent, then a summary per file.
import { createReadStream, statSync } from "node:fs";
import { basename } from "node:path";
import { Readable } from "node:stream";
import cliProgress from "cli-progress";
import type { IngestResponse } from "@/lib/schemas/ingest-api";
import type { ErrorBody } from "@/lib/errors";
import { formatCount } from "@/lib/format";

type Outcome =
  | { file: string; ok: true; body: IngestResponse }
  | { file: string; ok: false; message: string; body?: Partial<IngestResponse> };

export async function runIngest(files: string[], opts: { url: string; runId?: string }): Promise<number> {
  const outcomes: Outcome[] = [];
  let unreachable = false;
  for (const file of files) {
    let size: number;
    try {
      size = statSync(file).size;
    } catch {
      outcomes.push({ file, ok: false, message: "cannot read the file" });
      continue;
    }
    // One bar per file, one file at a time (a MultiBar re-renders a phantom bar on stop).
    const bar = new cliProgress.SingleBar(
      { format: " {bar} {percentage}% | {file} | {value}/{total} bytes", hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    bar.start(size, 0, { file: basename(file) });
    try {
      outcomes.push(await sendFile(file, opts, (sent) => bar.update(sent)));
    } catch (err) {
      unreachable = true;
      outcomes.push({
        file,
        ok: false,
        message: `server unreachable at ${opts.url}: ${(err as Error).cause ?? (err as Error).message}`,
      });
      break;
    } finally {
      bar.stop();
    }
  }
  let rejected = false;
  for (const o of outcomes) {
    const b = o.body;
    if (b) {
      console.log(
        `${o.file}: ${formatCount(b.accepted ?? 0)} accepted, ${formatCount(b.rejected ?? 0)} rejected → runs ${(b.runs ?? []).join(", ") || "none"}`,
      );
      for (const e of b.errors ?? []) console.log(`  line ${e.line}: ${e.message}`);
      if ((b.errors_total ?? 0) > (b.errors?.length ?? 0))
        console.log(`  … ${(b.errors_total ?? 0) - (b.errors?.length ?? 0)} more`);
      if ((b.rejected ?? 0) > 0) rejected = true;
    }
    if (!o.ok) {
      console.error(`${o.file}: ${o.message}`);
      rejected = true;
    }
  }
  return unreachable ? 2 : rejected ? 1 : 0;
}

async function sendFile(
  file: string,
  opts: { url: string; runId?: string },
  progress: (sent: number) => void,
): Promise<Outcome> {
  let sent = 0;
  const stream = createReadStream(file);
  stream.on("data", (chunk) => {
    sent += chunk.length;
    progress(sent);
  });
  const url = new URL("/api/v1/ingest", opts.url);
  if (opts.runId) url.searchParams.set("run_id", opts.runId);
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-ndjson", "X-Loopscope-Filename": encodeURIComponent(basename(file)) },
    body: Readable.toWeb(stream) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as RequestInit);
  const body = (await res.json().catch(() => null)) as IngestResponse | ErrorBody | null;
  if (res.ok && body && !("error" in body)) return { file, ok: true, body };
  const error = body && "error" in body ? body.error : { message: `HTTP ${res.status}`, details: undefined };
  return { file, ok: false, message: error.message, body: error.details as Partial<IngestResponse> | undefined };
}
