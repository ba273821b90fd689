// docs/import.md — placeholder: replaced by the real mapper.
import type { Importer } from "./types";

export const sweAgentImporter: Importer = {
  format: "swe-agent",
  input: "json",
  create: () => ({
    push: ({ lineNo }) => [{ lineNo, error: "swe-agent: not implemented yet" }],
    end: () => [],
  }),
};
