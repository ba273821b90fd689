import type { NextConfig } from "next";

// Security headers on every response (docs/decisions.md#security). The pages
// are prerendered, so a per-request nonce is not possible: Next's inline
// bootstrap scripts and React's inline styles need 'unsafe-inline' (checked in
// Chromium: without it the pages do not hydrate). Nothing is loaded from
// another origin; no page may be framed; forms post only here.
const isDev = process.env.NODE_ENV === "development";
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const SECURITY_HEADERS = [
  { key: "Content-Security-Policy", value: CONTENT_SECURITY_POLICY },
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
  headers: async () => [{ source: "/:path*", headers: SECURITY_HEADERS }],
};

export default nextConfig;
