#!/usr/bin/env node
// `loopscope …` (`npx loopscope` in the clone, or on PATH after `npm install -g .`
// or `npm link`): loads the TypeScript CLI through tsx, a dependency. Every
// path here comes from this file's own URL, which Node gives as the real path
// behind a global symlink, never from the caller's directory.
import { fileURLToPath } from "node:url";

const [command, ...rest] = process.argv.slice(2);
// A Claude Code hook runs `loopscope guard` at every tool call: it loads its own small part of
// the CLI, bundled into plain JavaScript when it can be (guard-bundle.mjs), else through tsx
// (always with LOOPSCOPE_GUARD_BUNDLE=off).
const bundled = command === "guard" && process.env.LOOPSCOPE_GUARD_BUNDLE !== "off";
const guardMain = bundled ? await (await import("./guard-bundle.mjs")).loadGuardBundle() : null;
if (guardMain) process.exitCode = await guardMain(rest);
else {
  const { register } = await import("tsx/esm/api");
  register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
  if (command === "guard") {
    const { guardMain: fromSource } = await import("./cli/guard-main.ts");
    process.exitCode = await fromSource(rest);
  } else {
    const { main } = await import("./cli/main.ts");
    process.exitCode = await main(process.argv.slice(2));
  }
}
