import type { NextConfig } from "next";

// Security headers on every response (docs/decisions.md#security). A page's
// Content-Security-Policy carries a nonce made per request, so proxy.ts sets
// it (lib/http/csp.ts); the API's answers get a policy that allows nothing.
// No page may be framed; nothing is loaded from another origin.
/** The API's and the OTLP receiver's answers are data, never a document: nothing to load, run or frame. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const SECURITY_HEADERS = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
];

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from its own package directory.
  // pg-boss (the analysis job queue, db/queue/) requires its driver and cron parser at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pg-boss"],
  // Tests build into their own folder so a test build never replaces the one `npm start` serves.
  distDir: process.env.LOOPSCOPE_DIST_DIR || ".next",
  // Builds type-check the app only (tsconfig.app.json): tests and scripts are
  // checked by `npm run typecheck`, and Next never rewrites a config that extends another.
  typescript: { tsconfigPath: "tsconfig.app.json" },
  poweredByHeader: false,
  devIndicators: false,
  headers: async () => [
    { source: "/:path*", headers: SECURITY_HEADERS },
    ...["/api/:path*", "/v1/:path*"].map((source) => ({
      source,
      headers: [{ key: "Content-Security-Policy", value: API_POLICY }],
    })),
  ],
};

export default nextConfig;
