// docs/import.md#claude-code — Claude Code session transcripts
// (~/.claude/projects/<project>/<session-id>.jsonl, and the subagent files
// beside them). Each line carries its own `timestamp`; the mapping is
// claude-code-session.ts. Run id `cc-<sessionId>` unless the upload names one.
// A line that lost its `timestamp` takes the time of the line before it. A
// compaction's transcript (`subagents/agent-acompact-*.jsonl`, lines whose
// `agentId` starts with `acompact`) re-sends the whole conversation to be
// summarised: it is no subagent's work, and its lines are skipped
// (`compaction-transcript`) — the session's own `compact_boundary` line is the
// compaction. Every skip names its kind. Streams: O(open calls) memory besides
// the line times, O(blocks) per line.
import { parseTimeUs } from "../time";
import type { ImportContext, ImportOutput, Importer, JsonItem } from "./types";
import { readCcLine, type CcLine } from "./claude-code-lines";
import { createCcSession } from "./claude-code-session";

export const COMPACTION_TRANSCRIPT = "compaction-transcript";
const COMPACTION_FILE_PREFIX = "agent-acompact";
const COMPACTION_AGENT_PREFIX = "acompact";

/** A compaction's transcript: by its file name, or by the agent id its lines carry. */
const isCompactionFile = (ctx: ImportContext): boolean => ctx.fileName?.startsWith(COMPACTION_FILE_PREFIX) ?? false;
const isCompactionLine = (l: CcLine): boolean => l.agentId?.startsWith(COMPACTION_AGENT_PREFIX) ?? false;

export const claudeCodeImporter: Importer = {
  format: "claude-code",
  input: "json",
  create(ctx) {
    const session = createCcSession("claude-code", ctx, { shape: "interactive" });
    const compactionFile = isCompactionFile(ctx);
    let lastUs: number | null = null;
    const push = ({ lineNo, value }: JsonItem): ImportOutput[] => {
      if (compactionFile) return [{ lineNo, skipped: true, kind: COMPACTION_TRANSCRIPT }];
      const r = readCcLine(value);
      if ("error" in r) return [{ lineNo, error: r.error }];
      if ("skipped" in r) return [{ lineNo, skipped: true, kind: r.kind }];
      const l = r.line;
      if (isCompactionLine(l)) return [{ lineNo, skipped: true, kind: COMPACTION_TRANSCRIPT }];
      if (l.type === "summary") return session.push(l, lineNo, null);
      if (l.type === "result") return [{ lineNo, skipped: true, kind: l.type }];
      const own = parseTimeUs(l.timestamp);
      if (own === null && l.timestamp !== undefined) {
        return [{ lineNo, error: `${l.type} line: "timestamp" is not a time` }];
      }
      const tsUs = own ?? lastUs;
      lastUs = tsUs;
      return session.push(l, lineNo, tsUs);
    };
    return { push, end: () => session.end() };
  },
};
