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
// Lint, format check and type-check everything first (`npm run lint`; the
// Next build checks only the app code). Skipped when vitest arguments are given.
if (process.argv.length <= 2) {
  const lint = spawnSync("npm", ["run", "lint"], { stdio: "inherit" });
  if (lint.status !== 0) process.exit(lint.status ?? 1);
}
const args = ["vitest", "run", ...process.argv.slice(2)];
const r = spawnSync("npx", args, {
  stdio: "inherit",
  env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: "true" },
});
process.exit(r.status ?? 1);
