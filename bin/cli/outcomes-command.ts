// `loopscope ingest DIR --outcomes FILE` (docs/import.md#outcomes-from-a-grader):
// after the files are stored, each entry of the grader's file is matched to the
// runs the upload made (lib/outcomes-file.ts) and sent as that run's outcome
// (PUT /api/v1/runs/{run_id}/outcome). The outcomes file itself is never
// uploaded as runs, nor is a walked file that is one (it says so instead).
import { readFileSync, statSync } from "node:fs";
import { basename, resolve } from "node:path";
import {
  isOutcomesDocument,
  matchOutcomes,
  parseOutcomesFile,
  type OutcomeEntry,
  type OutcomeTarget,
} from "@/lib/outcomes-file";
import type { RunDetail } from "@/lib/schemas/api";
import { plural } from "@/lib/plural";
import type { Outcome as SendOutcome } from "./ingest-command";

const MAX_OUTCOMES_BYTES = 64 * 1024 * 1024;
/** A walked `.json` larger than this is never taken for an outcomes file (one is a list of booleans). */
const MAX_WALKED_OUTCOMES_BYTES = 16 * 1024 * 1024;

/** The entries of the file, or a message naming what is wrong with it. */
export function readOutcomesFile(file: string): OutcomeEntry[] | string {
  let doc: unknown;
  try {
    const text = readFileSync(file);
    if (text.length > MAX_OUTCOMES_BYTES) return `${file}: over ${MAX_OUTCOMES_BYTES / 1048576} MiB`;
    doc = JSON.parse(text.toString("utf8"));
  } catch (err) {
    return `${file}: ${(err as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : "not JSON"}`;
  }
  const entries = parseOutcomesFile(doc);
  return "error" in entries ? `${file}: ${entries.error}` : entries;
}

/** Whether a walked `.json` file is a grader's outcomes file (small files only: one is a list of booleans). */
export function looksLikeOutcomesFile(file: string): boolean {
  if (!/\.json$/i.test(file)) return false;
  try {
    if (statSync(file).size > MAX_WALKED_OUTCOMES_BYTES) return false;
    return isOutcomesDocument(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return false;
  }
}

/** The files to upload: every one but the outcomes file itself. */
export function withoutFile(files: string[], outcomesFile: string | undefined): string[] {
  if (!outcomesFile) return files;
  const skip = resolve(outcomesFile);
  return files.filter((f) => resolve(f) !== skip);
}

type Request = { url: string; apiKey?: string };

const headersOf = (r: Request, json = false): Record<string, string> => ({
  ...(json && { "Content-Type": "application/json" }),
  ...(r.apiKey && { Authorization: `Bearer ${r.apiKey}` }),
});

/** Match and send the outcomes; prints one summary line (and the unmatched entries); false when any failed. */
export async function sendOutcomes(
  entries: OutcomeEntry[],
  sent: SendOutcome[],
  outcomesFile: string,
  req: Request,
): Promise<boolean> {
  const targets = await targetsOf(
    sent,
    req,
    entries.some((e) => !e.run && !e.file),
  );
  const { matched, unmatched } = matchOutcomes(entries, targets, `grader: ${basename(outcomesFile)}`);
  let failed = 0;
  for (const m of matched) {
    const res = await fetch(new URL(`/api/v1/runs/${encodeURIComponent(m.runId)}/outcome`, req.url), {
      method: "PUT",
      headers: headersOf(req, true),
      body: JSON.stringify(m.outcome),
    });
    if (!res.ok) {
      failed += 1;
      console.error(`outcome of ${m.runId}: HTTP ${res.status}`);
    }
  }
  const successes = matched.filter((m) => m.outcome.status === "success").length;
  console.log(
    `outcomes (${basename(outcomesFile)}): ${matched.length - failed} set — ${plural(successes, "success", "successes")}, ` +
      `${plural(matched.length - successes, "failure")}; ${unmatched.length} matched no run`,
  );
  for (const e of unmatched.slice(0, 20))
    console.log(`  no run for ${JSON.stringify({ run: e.run, file: e.file, ...e.labels })}`);
  return failed === 0;
}

/** The runs the upload stored, with the files they came from and (when entries match by label) their labels. */
async function targetsOf(sent: SendOutcome[], req: Request, needLabels: boolean): Promise<OutcomeTarget[]> {
  const byRun = new Map<string, OutcomeTarget>();
  for (const o of sent) {
    for (const runId of o.body?.runs ?? []) {
      const t = byRun.get(runId) ?? { runId, files: [], labels: {} };
      t.files.push(basename(o.file));
      byRun.set(runId, t);
    }
  }
  if (needLabels) {
    for (const t of byRun.values()) {
      const res = await fetch(new URL(`/api/v1/runs/${encodeURIComponent(t.runId)}`, req.url), {
        headers: headersOf(req),
      });
      if (res.ok) t.labels = ((await res.json()) as RunDetail).labels;
    }
  }
  return [...byRun.values()];
}
