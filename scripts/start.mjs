#!/usr/bin/env node
// `npm start` (README.md#configuration): build once when there is no build, then serve.
// PORT (default 3000), HOST (docs/accounts.md#open-mode); DATABASE_URL unset → embedded PGlite under
// LOOPSCOPE_DATA_DIR (default ./data). Migrations run when the server starts.
// LOOPSCOPE_ROLE=worker runs scripts/worker.ts instead of the server.
import { spawnSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

// LOOPSCOPE_ROLE=worker (docs/scaling.md#analysis-queue): no HTTP, only the job queue's worker.
if (process.env.LOOPSCOPE_ROLE?.trim() === "worker") {
  const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const worker = spawn(process.execPath, [tsx, path.join(root, "scripts", "worker.ts")], {
    cwd: root,
    stdio: "inherit",
  });
  for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => worker.kill(sig));
  worker.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  serve();
}

function serve() {
  if (!existsSync(path.join(root, process.env.LOOPSCOPE_DIST_DIR || ".next", "BUILD_ID"))) {
    console.log("loopscope: no build yet, running `next build` once…");
    const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  const port = process.env.PORT ?? "3000";
  // With accounts off (LOOPSCOPE_AUTH=off) the app is open to whoever reaches it, so it listens on
  // 127.0.0.1 only unless HOST names an address; with accounts on, on HOST or every interface.
  const host = process.env.HOST || (process.env.LOOPSCOPE_AUTH?.trim() === "off" ? "127.0.0.1" : undefined);
  const args = [nextBin, "start", "-p", port, ...(host ? ["-H", host] : [])];
  const server = spawn(process.execPath, args, { cwd: root, stdio: "inherit" });
  for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
  server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
