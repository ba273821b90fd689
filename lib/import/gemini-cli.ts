// docs/import.md — placeholder: replaced by the real mapper.
import type { Importer } from "./types";

export const geminiCliImporter: Importer = {
  format: "gemini-cli",
  input: "json",
  create: () => ({
    push: ({ lineNo }) => [{ lineNo, error: "gemini-cli: not implemented yet" }],
    end: () => [],
  }),
};
