import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from its own package directory.
  serverExternalPackages: ["@electric-sql/pglite"],
  // Tests build into their own folder so a test build never replaces the one `npm start` serves.
  distDir: process.env.LOOPSCOPE_DIST_DIR || ".next",
  poweredByHeader: false,
  devIndicators: false,
};

export default nextConfig;
