// docs/import.md — the importer of each foreign format. `loopscope` is not
// here: Loopscope JSONL goes straight to the record schemas
// (lib/ingest/parse-line.ts).
import { claudeCodeImporter } from "./claude-code";
import { claudeCodeStreamImporter } from "./claude-code-stream";
import { codexImporter } from "./codex";
import { geminiCliImporter } from "./gemini-cli";
import { miniSweAgentImporter } from "./mini-swe-agent";
import { openAiChatImporter } from "./openai-chat";
import { sweAgentImporter } from "./swe-agent";
import { iterationLogImporter } from "./iteration-log";
import { jaegerImporter } from "./jaeger";
import { langfuseImporter } from "./langfuse";
import { openAiAgentsImporter } from "./openai-agents";
import { openInferenceImporter } from "./openinference";
import { otlpJsonImporter } from "./otlp-json";
import type { ImportFormat, Importer } from "./types";

export const IMPORTERS: Partial<Record<ImportFormat, Importer>> = {
  jaeger: jaegerImporter,
  "claude-code": claudeCodeImporter,
  "claude-code-stream": claudeCodeStreamImporter,
  codex: codexImporter,
  "openai-agents": openAiAgentsImporter,
  langfuse: langfuseImporter,
  "iteration-log": iterationLogImporter,
  openinference: openInferenceImporter,
  "otlp-json": otlpJsonImporter,
  "mini-swe-agent": miniSweAgentImporter,
  "swe-agent": sweAgentImporter,
  "openai-chat": openAiChatImporter,
  "gemini-cli": geminiCliImporter,
};

/** The importer of a foreign format, or null for Loopscope JSONL (and a format not built in). */
export function importerFor(format: ImportFormat): Importer | null {
  return IMPORTERS[format] ?? null;
}
