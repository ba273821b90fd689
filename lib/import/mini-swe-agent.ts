// docs/import.md — placeholder: replaced by the real mapper.
import type { Importer } from "./types";

export const miniSweAgentImporter: Importer = {
  format: "mini-swe-agent",
  input: "json",
  create: () => ({
    push: ({ lineNo }) => [{ lineNo, error: "mini-swe-agent: not implemented yet" }],
    end: () => [],
  }),
};
