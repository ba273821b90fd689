import { defineConfig } from "vitest/config";
import path from "node:path";

// Three kinds of tests: pure unit tests, integration tests against
// real databases (PGlite and the Postgres server at TEST_DATABASE_URL), and
// end-to-end tests that drive Chromium against the built app.
const alias = { "@": path.resolve(import.meta.dirname) };
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
          env: { LOOPSCOPE_AUTH: "off" },
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
          testTimeout: 120_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
