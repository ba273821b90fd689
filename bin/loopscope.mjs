#!/usr/bin/env node
// `loopscope …` (`npx loopscope` in the clone, or on PATH after `npm install -g .`
// or `npm link`): loads the TypeScript CLI through tsx, a dependency. Every
// path here comes from this file's own URL, which Node gives as the real path
// behind a global symlink, never from the caller's directory.
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
// A Claude Code hook runs `loopscope guard` at every tool call: it loads its own small part of the CLI.
const [command, ...rest] = process.argv.slice(2);
if (command === "guard") {
  const { guardMain } = await import("./cli/guard-main.ts");
  process.exitCode = await guardMain(rest);
} else {
  const { main } = await import("./cli/main.ts");
  process.exitCode = await main(process.argv.slice(2));
}
