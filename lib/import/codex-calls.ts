// docs/import.md#codex-cli-sessions — Codex tool calls as spans. A
// `function_call` / `custom_tool_call` / `local_shell_call` response item
// opens a call (its `call_id`); the `…_output` item with the same id closes
// it: one `tool` span from the call's line to the output's line, named for
// the tool (`shell` for a local shell call), with the parsed arguments as
// input and the output's head. A rejected call is also a `permission_denied`
// event. Calls still open when the turn is aborted or the file ends failed
// with `no result (interrupted)`, except, in a live file, those of its
// current turn: left out until their output comes (codex.ts). A
// `web_search_call` item (the model's own search: no call id, no output) is a
// `web_search` tool span at its line, its `action` as input, failed when its
// status is `failed`. Arguments that are not JSON (a redaction such as
// `[REDACTED_ARGUMENTS len=N sha=…]`) are kept as the text they are; such a
// shell call may have read files nobody can name, so its turn has no
// `files_read`, and such a patch is an edit without its text. A span names
// the turn its call was made in. When the output says how long the command
// itself ran (`duration_seconds`, `Wall time`), the span is that long, ending
// at the output: the wait before it ran (an approval prompt) is not the
// command's time (docs/import.md#codex-cli-sessions). O(1) per item;
// O(open calls) memory.
import { NO_RESULT_ERROR } from "../ingest/span-precedence";
import { formatTimeUs } from "../time";
import type { EventWire, ImportOutput, SpanWire } from "./types";
import { commandStartUs, type CallOutput } from "./codex-output";
import {
  commandText,
  isShellTool,
  patchOfApplyPatchCall,
  patchTextsOf,
  patchOfCommand,
  readPatch,
  shellCommandOf,
  type PatchEdit,
} from "./codex-patch";
import type { CallFiles } from "./transcript/file-activity";
import type { EditText } from "./transcript/reverts";
import { filesReadBy, filesRestoredBy } from "./transcript/shell-files";
import { isTestCommand } from "./transcript/test-runs";
import type { ToolOutcome } from "./transcript/turns";
import { spanTurnFields, type TurnRef } from "./transcript/span-turns";
import { cutText, TEXT_CAP_BOUNDS } from "./text-caps";

export const CODEX_FORMAT = "codex";

type Obj = Record<string, unknown>;
export type CallKind = "function_call" | "custom_tool_call" | "local_shell_call";

export type OpenCall = {
  callId: string;
  kind: CallKind;
  lineNo: number;
  tsUs: number;
  name: string;
  input: unknown;
  /** The shell command it runs, when it is a shell call. */
  command: string | null;
  /** The patch it applies, when it is an apply_patch call. */
  patch: string | null;
  /** The turn it was made in; null before the session's first turn (its result opens one). */
  turn: TurnRef | null;
};

/** A call item → the open call, or the reason it cannot be read. */
export function readCall(
  kind: CallKind,
  p: Obj,
  at: { lineNo: number; tsUs: number; turn: TurnRef | null },
): OpenCall | string {
  const callId = typeof p.call_id === "string" && p.call_id !== "" ? p.call_id : typeof p.id === "string" ? p.id : "";
  if (callId === "") return `${kind}: missing "call_id"`;
  const common = { callId, kind, ...at };
  if (kind === "local_shell_call") {
    const action = (p.action ?? {}) as Obj;
    const command = commandText(action.command);
    return { ...common, name: "shell", input: action, command, patch: patchOfCommand(action.command, command) };
  }
  if (typeof p.name !== "string" || p.name === "") return `${kind}: missing "name"`;
  const input = kind === "function_call" ? parseArguments(p.arguments) : p.input;
  const command = shellCommandOf(p.name, input);
  const rawCommand = (input as Obj | null)?.command ?? (input as Obj | null)?.cmd;
  const patch = p.name === "apply_patch" ? patchOfApplyPatchCall(input) : patchOfCommand(rawCommand, command);
  return { ...common, name: p.name, input, command, patch };
}

/** `arguments` is a JSON string; a string that does not parse is kept as it is. */
function parseArguments(raw: unknown): unknown {
  if (typeof raw !== "string") return raw ?? null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

export type ClosedCall = { outputs: ImportOutput[]; outcome: ToolOutcome };
/** Where a call's records go: the run, the span id, the turn the call belongs to. */
export type CallIds = { runId: string; spanId: string; turn: TurnRef };

/** A `web_search_call` item: a tool span at its line. */
export function webSearchSpan(p: Obj, at: { lineNo: number; tsUs: number }, ids: CallIds) {
  const status = typeof p.status === "string" ? p.status : null;
  const ok = status !== "failed";
  const span: SpanWire = {
    type: "span",
    run_id: ids.runId,
    span_id: ids.spanId,
    parent_id: null,
    name: "web_search",
    kind: "tool",
    t0: formatTimeUs(at.tsUs),
    t1: formatTimeUs(at.tsUs),
    ok,
    error: ok ? "" : "web search failed",
    ...spanTurnFields(ids.turn),
    input: p.action ?? null,
    meta: {
      source_id: typeof p.id === "string" ? p.id : ids.spanId,
      source_format: CODEX_FORMAT,
      call_type: "web_search_call",
      ...(status !== null ? { status } : {}),
    },
  };
  const outcome: ToolOutcome = ok ? { ok } : { ok, errorLine: "web search failed" };
  return { outputs: [{ lineNo: at.lineNo, record: span }] as ImportOutput[], outcome };
}

/** The edits of a successful patch; none for other calls. */
const editsOf = (call: OpenCall): PatchEdit[] => (call.patch !== null ? readPatch(call.patch) : []);

/** What a successful call read and the texts of its edits. */
function callFilesOf(call: OpenCall): CallFiles {
  const texts: EditText[] = call.patch !== null ? patchTextsOf(call.patch) : [];
  if ((call.patch !== null || call.name === "apply_patch") && texts.length === 0) {
    texts.push({ kind: "opaque", path: null }); // a patch that cannot be read (redacted)
  }
  const shell = call.kind === "local_shell_call" || isShellTool(call.name);
  if (call.command !== null && call.patch === null) {
    texts.push(...filesRestoredBy(call.command).map((path): EditText => ({ kind: "restore", path })));
  }
  const read = call.command !== null ? filesReadBy(call.command) : shell ? null : [];
  return { read, ...(texts.length > 0 ? { editTexts: texts } : {}) };
}

/** What the permission_denied event names: the command, else the patched files, else the tool. */
function deniedDetail(call: OpenCall): string {
  if (call.command !== null && call.patch === null) return call.command.slice(0, 500);
  if (call.patch !== null)
    return `apply_patch ${editsOf(call)
      .map((e) => e.path)
      .join(" ")}`.trim();
  return call.name;
}

/** Close a call with its output (or with no result: `out` null) at a line. */
export function closeCall(
  call: OpenCall,
  out: CallOutput | null,
  at: { lineNo: number; tsUs: number },
  ids: CallIds,
): ClosedCall {
  const failed = out === null || out.failed;
  const error = out === null ? NO_RESULT_ERROR : (out.errorLine ?? "");
  const t1Us = Math.max(at.tsUs, call.tsUs);
  const span: SpanWire = {
    type: "span",
    run_id: ids.runId,
    span_id: ids.spanId,
    parent_id: null,
    name: call.name,
    kind: "tool",
    t0: formatTimeUs(commandStartUs(call.tsUs, out, t1Us)),
    t1: formatTimeUs(t1Us),
    ok: !failed,
    error: failed ? error : "",
    ...spanTurnFields(ids.turn),
    input: call.input ?? null,
    ...(out !== null ? { output: cutText(out.body, TEXT_CAP_BOUNDS.tool_output) } : {}),
    meta: { source_id: call.callId, source_format: CODEX_FORMAT, call_type: call.kind, ...(out?.meta ?? {}) },
  };
  const outputs: ImportOutput[] = [{ lineNo: call.lineNo, record: span }];
  if (out?.rejected) {
    const event: EventWire = {
      type: "event",
      run_id: ids.runId,
      ts: formatTimeUs(at.tsUs),
      kind: "permission_denied",
      tool: call.name,
      detail: deniedDetail(call),
      source_id: call.callId,
      source_format: CODEX_FORMAT,
    };
    outputs.push({ lineNo: at.lineNo, record: event });
  }
  const edits = failed ? [] : editsOf(call);
  const outcome: ToolOutcome = {
    ok: !failed,
    ...(failed ? { errorLine: error } : {}),
    ...(edits.length > 0 ? { edits } : {}),
    ...(failed ? {} : callFilesOf(call)),
    ...(call.command !== null && isTestCommand(call.command) ? { testRun: true } : {}),
  };
  return { outputs, outcome };
}
