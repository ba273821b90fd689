// docs/import.md — placeholder: replaced by the real mapper.
import type { Importer } from "./types";

export const openAiChatImporter: Importer = {
  format: "openai-chat",
  input: "json",
  create: () => ({
    push: ({ lineNo }) => [{ lineNo, error: "openai-chat: not implemented yet" }],
    end: () => [],
  }),
};
