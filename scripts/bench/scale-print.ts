// The tables `npm run bench -- scale` prints: one per section, first column
// left-aligned, the figures right-aligned.
import type { IngestFigures, LatencyFigures, ReadFigures } from "./scale-http";
import type { RetentionFigures } from "./scale-retention";
import { RETENTION_DAYS } from "./scale-retention";
import { rate } from "./support";

const n = (x: number) => x.toLocaleString("en-US");
const ms = (x: number) => `${n(Math.round(x))} ms`;
const s = (x: number) => `${(x / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${n(Math.round(bytes / 2 ** 20))} MiB`;

export function printTable(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    `  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("   ")}`.trimEnd();
  console.log(`\n${line(head)}`);
  console.log(`  ${widths.map((w) => "-".repeat(w)).join("   ")}`);
  for (const r of rows) console.log(line(r));
}

export function printIngest(phases: IngestFigures[]): void {
  const [first] = phases;
  printTable(
    ["1. ingest, all runs posted at once", "spans", "wall", "fastest upload", "spans/s", "× one process"],
    phases.map((p) => [
      `${p.processes} process${p.processes > 1 ? "es" : ""}, ${p.runs} runs`,
      n(p.spans),
      s(p.ms),
      s(p.fastestMs),
      rate(p.spans, p.ms),
      first ? `${(p.spans / p.ms / (first.spans / first.ms)).toFixed(2)}×` : "",
    ]),
  );
}

const latencyRow = (label: string, f: LatencyFigures) => [label, n(f.requests), ms(f.p50), ms(f.p95), ms(f.max)];

export function printReads(
  idle: ReadFigures,
  busy: ReadFigures & { uploadMs: number },
  uploadSpans: number,
  timelineOf: string,
  lagBytes: number,
): void {
  printTable(
    ["2. reads on process B", "requests", "p50", "p95", "max"],
    [
      latencyRow("GET /runs, no upload", idle.runsPage),
      latencyRow(`GET /runs, ${n(uploadSpans)}-span upload on A`, busy.runsPage),
      latencyRow("timeline page, no upload", idle.timeline),
      latencyRow(`timeline page, ${n(uploadSpans)}-span upload on A`, busy.timeline),
    ],
  );
  console.log(`  timeline page: GET /api/v1/runs/${timelineOf}`);
  console.log(
    `  the upload on A: ${rate(uploadSpans, busy.uploadMs)} (${s(busy.uploadMs)}); replica replay behind by ${mb(lagBytes)} at its end`,
  );
}

export function printRetention(f: RetentionFigures): void {
  const removed = (left: number, all: number) => n(all - left);
  printTable(
    [`3. ${RETENTION_DAYS}-day retention, ${n(f.spans)} spans`, "time", "spans removed", "runs removed", "spans left"],
    [
      [
        `applyRetention (drops ${f.retention.partitions} partitions)`,
        s(f.retention.ms),
        removed(f.retention.spansLeft, f.spans),
        removed(f.retention.runsLeft, f.runs),
        n(f.retention.spansLeft),
      ],
      [
        "DELETE … WHERE stored_month < first kept",
        s(f.deletion.ms),
        removed(f.deletion.spansLeft, f.spans),
        removed(f.deletion.runsLeft, f.runs),
        n(f.deletion.spansLeft),
      ],
      ["  then VACUUM spans, runs", s(f.deletion.vacuumMs), "", "", ""],
    ],
  );
  console.log(
    `  ${f.runs} runs over 12 months of stored_month; spans ${mb(f.bytes)} with indexes; fill ${s(f.fillMs)};` +
      ` months from ${f.retention.keepFrom} kept;\n  the DELETE ran on a byte-for-byte copy of the filled database (CREATE DATABASE … TEMPLATE), same partitioned table`,
  );
}
