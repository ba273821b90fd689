import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from its own package directory.
  serverExternalPackages: ["@electric-sql/pglite"],
  // Tests build into their own folder so a test build never replaces the one `npm start` serves.
  distDir: process.env.LOOPSCOPE_DIST_DIR || ".next",
  // The e2e build type-checks the app only (tsconfig.e2e.json), so a half-written
  // test elsewhere cannot fail it; a config that extends another is never rewritten by Next.
  typescript: { tsconfigPath: process.env.LOOPSCOPE_TSCONFIG || "tsconfig.json" },
  poweredByHeader: false,
  devIndicators: false,
};

export default nextConfig;
