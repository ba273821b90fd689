// docs/import.md#agent-transcripts — the iteration of an agent transcript:
// one user turn (a real prompt and everything until the next one), with the
// fields the breakers and detectors read derived from what the turn did.
// A mapper (claude-code.ts, codex.ts, …) reports prompts, model calls, tool
// results and todo-list writes in file order; this accumulator yields one
// `iteration` wire record when the next turn starts or the file ends, plus
// the task events of the todo list. Turns are numbered 1, 2, … within the
// session and carry a `source_key`; the ingest numbers them across the run
// (lib/import/place-iterations.ts). The open turn is what a mapper's spans
// name as theirs (span-turns.ts). A mapper that reports what its calls
// read and the texts of their edits (`observesFiles`) also gets `files_read`
// and `reverted` (file-activity.ts). A prompt given with its text is kept on
// its iteration as `prompt` (conversation.ts, docs/import.md#the-conversation).
// O(1) per report, O(files) per turn.
import { formatTimeUs } from "../../time";
import { SOURCE_KEY, type ImportFormat, type ImportOutput, type WireRecord } from "../types";
import { promptTextOf } from "./conversation";
import { TEXT_CAP_BOUNDS } from "../text-caps";
import { createFileActivity, fileActivityFields, noteCallFiles } from "./file-activity";
import type { CallFiles, FileActivity } from "./file-activity";
import { createRevertTracker } from "./reverts";
import type { TurnRef } from "./span-turns";
import { createTestRunTracker, recordTestRun } from "./test-runs";
import { applyTodoList, createTodoTracker, type TodoItem } from "./todos";

export const DEFAULT_CONTEXT_WINDOW = 200_000;
export const LONG_CONTEXT_WINDOW = 1_000_000;

/** The context window of a model id: 1 000 000 for an id ending in `[1m]`, else 200 000. */
export function contextWindowOf(model: string): number {
  return model.endsWith("[1m]") ? LONG_CONTEXT_WINDOW : DEFAULT_CONTEXT_WINDOW;
}

export type ModelUsage = { input: number; output: number; cacheRead: number; cacheWrite: number };
export type ModelCallOptions = { context?: boolean; calls?: number };
export type ToolOutcome = CallFiles & {
  ok: boolean;
  /** The first line of a failed result. */
  errorLine?: string;
  /** A successful file edit: its path and the lines it added and removed. */
  edit?: { path: string; added: number; removed: number };
  /** Several successful file edits at once (a Codex `apply_patch` touching several files). */
  edits?: { path: string; added: number; removed: number }[];
  /** The call ran a test runner (test-runs.ts). */
  testRun?: boolean;
};

type Turn = {
  key: string;
  lineNo: number;
  /** When the turn's prompt came: the agent's time starts here (docs/analysis.md#human-waits). */
  startUs: number;
  lastUs: number;
  /** The prompt's text as stored (conversation.ts); null: none given. */
  prompt: string | null;
  files: string[];
  added: number;
  removed: number;
  errors: string[];
  tokensUsed: number;
  cacheRead: number;
  context: number | null;
  window: number | null;
  apiCalls: number;
  completed: number;
  activity: FileActivity;
};

export type TranscriptOptions = {
  format: ImportFormat;
  runId: string;
  sessionId: string;
  contextWindow?: number | null;
  /** The mapper reports each call's `read` and `editTexts`: the iterations carry files_read and reverted. */
  observesFiles?: boolean;
};

export function createTranscript(opts: TranscriptOptions) {
  const tests = createTestRunTracker();
  const todos = createTodoTracker();
  const reverts = createRevertTracker();
  let turn: Turn | null = null;
  let turns = 0;
  let windowOverride: number | null = opts.contextWindow ?? null;

  const open = (key: string, lineNo: number, tsUs: number, prompt: string | null = null): Turn => ({
    key,
    lineNo,
    startUs: tsUs,
    lastUs: tsUs,
    prompt,
    files: [],
    added: 0,
    removed: 0,
    errors: [],
    tokensUsed: 0,
    cacheRead: 0,
    context: null,
    window: null,
    apiCalls: 0,
    completed: 0,
    activity: createFileActivity(),
  });
  const current = (lineNo: number, tsUs: number): Turn => {
    turn ??= open(`${opts.sessionId}#start`, lineNo, tsUs);
    turn.lastUs = Math.max(turn.lastUs, tsUs);
    turn.lineNo = lineNo;
    return turn;
  };
  const close = (): ImportOutput[] => {
    if (turn === null) return [];
    const t = turn;
    turn = null;
    turns += 1;
    const record: WireRecord = {
      type: "iteration",
      run_id: opts.runId,
      n: turns,
      ts: formatTimeUs(t.lastUs),
      started_at: formatTimeUs(t.startUs),
      [SOURCE_KEY]: t.key,
      source_format: opts.format,
      files_modified: t.files,
      lines_added: t.added,
      lines_removed: t.removed,
      errors: t.errors,
      ...(opts.observesFiles ? fileActivityFields(t.activity) : {}),
      tokens_used: t.tokensUsed,
      api_calls: t.apiCalls,
      newly_passing: tests.turnNewlyPassing ? 1 : 0,
      tasks_completed: t.completed,
      cache_read_tokens: t.cacheRead,
      ...(t.context !== null ? { context_tokens: t.context } : {}),
      ...(t.context !== null ? { context_window: windowOverride ?? t.window ?? DEFAULT_CONTEXT_WINDOW } : {}),
      ...(todos.inProgress !== null ? { task_id: todos.inProgress } : {}),
      ...(t.prompt !== null ? { prompt: t.prompt } : {}),
    };
    tests.turnNewlyPassing = false;
    return [{ lineNo: t.lineNo, record }];
  };

  return {
    /**
     * A real user prompt: the previous turn ends, a new one starts. `key` is unique in the
     * session; `text`, the prompt as the user wrote it, is kept on the iteration (capped).
     */
    prompt(key: string, lineNo: number, tsUs: number, text: string | null = null): ImportOutput[] {
      const out = close();
      turn = open(`${opts.sessionId}#${key}`, lineNo, tsUs, promptTextOf(text, TEXT_CAP_BOUNDS.prompt));
      return out;
    },
    /** The turn now open, for a span that starts in it; null before the session's first turn. */
    openTurn(): TurnRef | null {
      return turn === null ? null : { n: turns + 1, key: turn.key };
    },
    /**
     * The turn a call ending at this line belongs to, opening the session's
     * start turn when none is open — as the call's result or usage, counted
     * at the same line, would.
     */
    turnAt(lineNo: number, tsUs: number): TurnRef {
      return { n: turns + 1, key: current(lineNo, tsUs).key };
    },
    /** Any line of the session: its time is the turn's latest so far. */
    touch(lineNo: number, tsUs: number): void {
      if (turn !== null) current(lineNo, tsUs);
    },
    /**
     * A model call. `context: false` for a call whose context is not the
     * session's (a subagent's) or is unknown: it counts, but leaves the fill
     * alone. `calls`: how many calls the usage sums (default 1).
     */
    modelCall(lineNo: number, tsUs: number, model: string, u: ModelUsage, opts: ModelCallOptions = {}): void {
      const t = current(lineNo, tsUs);
      t.apiCalls += opts.calls ?? 1;
      t.tokensUsed += u.input + u.output + u.cacheWrite;
      t.cacheRead += u.cacheRead;
      if (opts.context === false) return;
      t.context = u.input + u.cacheRead + u.cacheWrite;
      t.window = contextWindowOf(model);
    },
    /** The session says its context window (Codex's `model_context_window`). */
    contextWindow(tokens: number): void {
      windowOverride = tokens;
    },
    toolResult(lineNo: number, tsUs: number, r: ToolOutcome): void {
      const t = current(lineNo, tsUs);
      if (!r.ok && r.errorLine) t.errors.push(r.errorLine);
      for (const edit of r.ok ? [...(r.edit ? [r.edit] : []), ...(r.edits ?? [])] : []) {
        if (!t.files.includes(edit.path)) t.files.push(edit.path);
        t.added += edit.added;
        t.removed += edit.removed;
      }
      if (r.ok && opts.observesFiles) noteCallFiles(t.activity, reverts, r);
      if (r.testRun) recordTestRun(tests, r.ok);
    },
    /** A todo-list write: task events and task records. */
    todoList(lineNo: number, tsUs: number, items: TodoItem[], sourceId: string): ImportOutput[] {
      const t = current(lineNo, tsUs);
      const out: ImportOutput[] = [];
      for (const c of applyTodoList(todos, items)) {
        if (c.kind === "task_completed") t.completed += 1;
        const common = { run_id: opts.runId, task_id: c.taskId };
        out.push({ lineNo, record: { type: "task", ...common, title: c.title.slice(0, 500) } });
        out.push({
          lineNo,
          record: {
            type: "event",
            ...common,
            ts: formatTimeUs(tsUs),
            kind: c.kind,
            detail: c.title.slice(0, 500),
            source_id: sourceId,
            source_format: opts.format,
          },
        });
      }
      return out;
    },
    /** The file ended: the last turn's iteration. */
    end(): ImportOutput[] {
      return close();
    },
  };
}

export type Transcript = ReturnType<typeof createTranscript>;
