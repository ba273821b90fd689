#!/usr/bin/env node
// `npm test`: every test — unit, integration (PGlite always; the real Postgres
// server when TEST_DATABASE_URL is set) and end-to-end (the built app in
// Chromium). Says loudly when the real-server suite is skipped.
import { spawnSync } from "node:child_process";

if (!process.env.TEST_DATABASE_URL) {
  const line = "!".repeat(78);
  console.warn(
    `\n${line}\n!! TEST_DATABASE_URL is not set: the real-Postgres integration suite is SKIPPED.\n!! Only PGlite is tested. CI sets it; locally e.g.\n!!   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test\n${line}\n`,
  );
}
// Type-check everything first (the Next build checks only the app code).
if (process.argv.length <= 2) {
  const tsc = spawnSync("npx", ["tsc", "--noEmit", "-p", "."], { stdio: "inherit" });
  if (tsc.status !== 0) process.exit(tsc.status ?? 1);
}
const args = ["vitest", "run", ...process.argv.slice(2)];
const r = spawnSync("npx", args, {
  stdio: "inherit",
  env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: "true" },
});
process.exit(r.status ?? 1);
