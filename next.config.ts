import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from its own package directory.
  serverExternalPackages: ["@electric-sql/pglite"],
  // Tests build into their own folder so a test build never replaces the one `npm start` serves.
  distDir: process.env.LOOPSCOPE_DIST_DIR || ".next",
  // Builds type-check the app only (tsconfig.app.json): tests and scripts are
  // checked by `npm run typecheck`, and Next never rewrites a config that extends another.
  typescript: { tsconfigPath: "tsconfig.app.json" },
  poweredByHeader: false,
  devIndicators: false,
};

export default nextConfig;
