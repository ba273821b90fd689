// vitest globalSetup of the e2e project: check for Chromium first (a missing
// browser should not cost a build), then build the app once for every file.
// Each test file starts its own server on this build (startServer), so every
// file begins with an empty database.
import { assertChromium } from "./browser";
import { buildAppOnce, E2E_DIST_DIR } from "./server";

export default async function setup(): Promise<void> {
  assertChromium();
  const buildMs = await buildAppOnce();
  console.log(
    buildMs === null
      ? `e2e: reusing the build in ${E2E_DIST_DIR} (LOOPSCOPE_E2E_SKIP_BUILD=1)`
      : `e2e: built the app into ${E2E_DIST_DIR} in ${(buildMs / 1000).toFixed(1)} s`,
  );
}
