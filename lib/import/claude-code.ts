// docs/import.md#claude-code — Claude Code session transcripts
// (~/.claude/projects/<project>/<session-id>.jsonl, and the subagent files
// beside them). Each line carries its own `timestamp`; the mapping is
// claude-code-session.ts. Run id `cc-<sessionId>` unless the upload names one.
// Streams: O(open calls) memory besides the line times, O(blocks) per line.
import { parseTimeUs } from "../time";
import type { Importer } from "./types";
import { readCcLine } from "./claude-code-lines";
import { createCcSession } from "./claude-code-session";

/** The line types that are part of the conversation; any other (custom titles, tags…) carries nothing. */
const MESSAGE_TYPES = new Set(["user", "assistant", "system"]);

export const claudeCodeImporter: Importer = {
  format: "claude-code",
  input: "json",
  create(ctx) {
    const session = createCcSession("claude-code", ctx);
    return {
      push({ lineNo, value }) {
        const r = readCcLine(value);
        if ("error" in r) return [{ lineNo, error: r.error }];
        if ("skipped" in r) return [{ lineNo, skipped: true }];
        const l = r.line;
        if (l.type === "summary") return session.push(l, lineNo, null);
        if (!MESSAGE_TYPES.has(l.type)) return [{ lineNo, skipped: true }];
        const tsUs = parseTimeUs(l.timestamp);
        if (tsUs === null && l.timestamp !== undefined)
          return [{ lineNo, error: `${l.type} line: "timestamp" is not a time` }];
        return session.push(l, lineNo, tsUs);
      },
      end: () => session.end(),
    };
  },
};
