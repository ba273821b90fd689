// `loopscope guard install [--project|--user] [--uninstall]` (docs/guard.md#claude-code):
// the guard's hooks in a Claude Code settings file — the project's
// `.claude/settings.json` (the default) or the user's `~/.claude/settings.json`.
// Install merges: every other key and hook stays as it was, and a hook already
// there is not added twice. Uninstall removes exactly the entries install
// adds (the same command, in the same events) and the groups and keys left
// empty by that, nothing else. A file that is not a JSON object is refused
// and left alone. The file is written whole to a temporary file beside it
// and renamed over it. Pure apart from the file: the merge is addGuardHooks /
// removeGuardHooks on plain data.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The events the guard reads; the tool events match every tool. */
export const GUARD_HOOK_EVENTS = [
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "UserPromptSubmit",
  "Stop",
  "SubagentStop",
  "SessionStart",
  "SessionEnd",
] as const;
const TOOL_EVENTS = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure"]);
/** Seconds Claude Code waits for the hook: the guard itself gives up far sooner (--timeout-ms). */
const HOOK_TIMEOUT_S = 5;

type Hook = { type?: unknown; command?: unknown; [k: string]: unknown };
type Group = { matcher?: unknown; hooks?: Hook[]; [k: string]: unknown };
type Settings = { hooks?: Record<string, Group[]>; [k: string]: unknown };

const isOurs = (h: Hook, command: string) => h.type === "command" && h.command === command;

export function addGuardHooks(settings: Settings, command: string): Settings {
  const hooks: Record<string, Group[]> = { ...(settings.hooks ?? {}) };
  for (const event of GUARD_HOOK_EVENTS) {
    const groups = [...(hooks[event] ?? [])];
    if (groups.some((g) => (g.hooks ?? []).some((h) => isOurs(h, command)))) continue;
    const entry = { type: "command", command, timeout: HOOK_TIMEOUT_S };
    groups.push(TOOL_EVENTS.has(event) ? { matcher: "*", hooks: [entry] } : { hooks: [entry] });
    hooks[event] = groups;
  }
  return { ...settings, hooks };
}

export function removeGuardHooks(settings: Settings, command: string): Settings {
  if (!settings.hooks) return settings;
  const hooks: Record<string, Group[]> = {};
  for (const [event, groups] of Object.entries(settings.hooks)) {
    if (!(GUARD_HOOK_EVENTS as readonly string[]).includes(event)) {
      hooks[event] = groups;
      continue;
    }
    const kept = groups.flatMap((g) => {
      const rest = (g.hooks ?? []).filter((h) => !isOurs(h, command));
      if (rest.length === (g.hooks ?? []).length) return [g];
      return rest.length > 0 ? [{ ...g, hooks: rest }] : [];
    });
    if (kept.length > 0) hooks[event] = kept;
  }
  const { hooks: _dropped, ...rest } = settings;
  return Object.keys(hooks).length > 0 ? { ...rest, hooks } : rest;
}

/** The settings file of a scope: the project's (under `cwd`) or the user's (under `home`). */
export function settingsFileOf(scope: "project" | "user", cwd: string, home: string): string {
  return path.join(scope === "user" ? home : cwd, ".claude", "settings.json");
}

function readSettings(file: string): Settings {
  if (!existsSync(file)) return {};
  const text = readFileSync(file, "utf8");
  let parsed: unknown;
  try {
    parsed = text.trim() === "" ? {} : JSON.parse(text);
  } catch (err) {
    throw new Error(`${file} is not JSON (${(err as Error).message}): fix or move it; nothing was changed`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new Error(`${file} is not a JSON object: nothing was changed`);
  return parsed as Settings;
}

/** Install or uninstall; returns the line to print. Throws (nothing written) on a file it cannot read. */
export function applyGuardInstall(file: string, command: string, uninstall: boolean): string {
  const before = readSettings(file);
  const after = uninstall ? removeGuardHooks(before, command) : addGuardHooks(before, command);
  if (JSON.stringify(after) === JSON.stringify(before))
    return uninstall ? `no guard hooks in ${file}: nothing to remove` : `the guard's hooks are already in ${file}`;
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.loopscope-${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(after, null, 2)}\n`);
  renameSync(tmp, file);
  return uninstall
    ? `removed the guard's hooks from ${file}`
    : `added \`${command}\` to ${GUARD_HOOK_EVENTS.length} hook events in ${file}`;
}
