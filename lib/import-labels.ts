// docs/import.md — the name a person reads for each format the ingest
// detects: the upload page shows it per file and `loopscope ingest` can print
// the same words. Pure; a table lookup.
import { IMPORT_FORMATS, type ImportFormat } from "./import/types";

export const FORMAT_LABELS: Readonly<Record<ImportFormat, string>> = {
  loopscope: "Loopscope JSONL",
  "claude-code": "Claude Code session",
  "claude-code-stream": "Claude Code headless (stream-json)",
  codex: "Codex session",
  "openai-agents": "OpenAI Agents trace",
  langfuse: "Langfuse export",
  jaeger: "Jaeger trace",
  openinference: "Phoenix / OpenInference spans",
  "otlp-json": "OTLP JSON",
  "iteration-log": "Loop-breaker iteration log",
  "mini-swe-agent": "mini-swe-agent trajectory",
  "swe-agent": "SWE-agent trajectory",
  "openai-chat": "OpenAI chat transcript",
  "gemini-cli": "Gemini CLI session",
};

/** The readable name of a format; an unknown name (a newer server) is shown as it came. */
export function formatLabel(format: string): string {
  return (IMPORT_FORMATS as readonly string[]).includes(format) ? FORMAT_LABELS[format as ImportFormat] : format;
}
