#!/usr/bin/env node
// `npx loopscope …` — loads the TypeScript CLI through tsx (a dependency).
import { register } from "tsx/esm/api";

register({ tsconfig: new URL("../tsconfig.json", import.meta.url).pathname });
const { main } = await import("./cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
