import { defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

// Three kinds of tests: pure unit tests, integration tests against
// real databases (PGlite and the Postgres server at TEST_DATABASE_URL), and
// end-to-end tests that drive Chromium against the built app.
const alias = { "@": path.resolve(import.meta.dirname) };
// The CLIs the tests run never read the user's own stored keys (bin/cli/credentials.ts):
// their config directory is one no test run shares; tests of `login` name their own.
const CLI_CONFIG = { XDG_CONFIG_HOME: path.join(os.tmpdir(), `loopscope-tests-config-${process.pid}`) };
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Route handlers run in-process with accounts off (docs/accounts.md#open-mode);
          // tests of accounts turn them on for their own suite.
          env: { LOOPSCOPE_AUTH: "off", ...CLI_CONFIG },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          env: CLI_CONFIG,
          testTimeout: 120_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
