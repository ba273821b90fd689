// `loopscope guard …` (docs/guard.md): its arguments, then one of
//   loopscope guard [--run ID] [--url URL] [--api-key KEY] [--enforce] [--fail-closed] [--timeout-ms N] [--shape S]
//   loopscope guard check --run ID [--url URL] [--api-key KEY] [--enforce] [--fail-closed] [--timeout-ms N]
//   loopscope guard install [--project | --user] [--uninstall] [--command CMD]
// bin/loopscope.mjs loads this file alone for `guard`: it imports nothing of
// the importers or the analysis, so a hook starts quickly.
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { parseArgs } from "node:util";
import { CredentialsFileError, defaultUrl, resolveApiKey } from "./credentials";
import {
  DEFAULT_GUARD_TIMEOUT_MS,
  DEFAULT_TURN_TIMEOUT_MS,
  runGuardCheck,
  runGuardHook,
  type GuardOptions,
} from "./guard-command";
import { applyGuardInstall, settingsFileOf } from "./guard-install";

const USAGE = `usage:
  loopscope guard [--run ID] [--url URL] [--api-key KEY] [--enforce] [--fail-closed] [--timeout-ms N] [--shape S]
                        a Claude Code hook: reads the hook's JSON on stdin, prints Claude Code's answer
  loopscope guard check --run ID [--url URL] [--api-key KEY] [--enforce] [--fail-closed] [--timeout-ms N]
                        for a loop script: exit 0 go on, 3 halt
  loopscope guard install [--project | --user] [--uninstall] [--command CMD]
                        add the hooks to .claude/settings.json (--user: ~/.claude/settings.json); --uninstall removes them
No answer within --timeout-ms (a tool's hook ${DEFAULT_GUARD_TIMEOUT_MS}, a turn's or the session's and check ${DEFAULT_TURN_TIMEOUT_MS})
is a warning and "go on"; --fail-closed stops instead.
--enforce sets the run's guard to enforce (the default is observe: decide and record, never block). docs/guard.md`;

const COMMON = {
  url: { type: "string" },
  run: { type: "string" },
  "api-key": { type: "string" },
  "fail-closed": { type: "boolean" },
  "timeout-ms": { type: "string" },
} as const;

function optionsOf(values: Record<string, string | boolean | undefined>, env: NodeJS.ProcessEnv): GuardOptions {
  const url = (values.url as string | undefined) ?? defaultUrl(env);
  const timeout = values["timeout-ms"] === undefined ? null : Number(values["timeout-ms"]);
  if (timeout !== null && (!Number.isFinite(timeout) || timeout <= 0))
    throw new Error(`--timeout-ms must be a number of milliseconds above 0`);
  return {
    url,
    apiKey: resolveApiKey(values["api-key"] as string | undefined, url, env).apiKey,
    runId: values.run as string | undefined,
    failClosed: Boolean(values["fail-closed"]),
    timeoutMs: timeout,
    enforce: Boolean(values.enforce) || env.LOOPSCOPE_GUARD_MODE === "enforce",
    shape: values.shape as string | undefined,
  };
}

export async function guardMain(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [sub, ...rest] = args;
  try {
    if (args.includes("--help") || args.includes("-h")) {
      console.log(USAGE);
      return 0;
    }
    if (sub === "install") {
      const { values } = parseArgs({
        args: rest,
        options: {
          project: { type: "boolean" },
          user: { type: "boolean" },
          uninstall: { type: "boolean" },
          command: { type: "string" },
        },
      });
      if (values.project && values.user) throw new Error("give --project or --user, not both");
      const file = settingsFileOf(values.user ? "user" : "project", process.cwd(), env.HOME || homedir());
      console.log(applyGuardInstall(file, values.command ?? "loopscope guard", Boolean(values.uninstall)));
      return 0;
    }
    if (sub === "check") {
      const { values } = parseArgs({ args: rest, options: { ...COMMON, enforce: { type: "boolean" } } });
      if (!values.run) throw new Error("guard check needs --run ID: the run the loop sends its records to");
      return await runGuardCheck({ ...optionsOf(values, env), runId: values.run });
    }
    const { values } = parseArgs({
      args,
      options: { ...COMMON, enforce: { type: "boolean" }, shape: { type: "string" } },
    });
    return await runGuardHook(readFileSync(0, "utf8"), optionsOf(values, env));
  } catch (err) {
    console.error(`loopscope guard: ${(err as Error).message}`);
    if (!(err instanceof CredentialsFileError)) console.error(USAGE);
    return 1;
  }
}
