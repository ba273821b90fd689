// Every environment variable the server reads, in one schema with its
// default (the README's "Configuration" table says the same). `readEnv` is
// called where a value is used, so a test may change one at run time; the
// server calls it first when it opens the database at start, so a bad value
// stops the start with an error naming the variable, never the value (a
// DATABASE_URL holds a password). An empty variable counts as unset.
import { z } from "zod";
import { parseTextCaps } from "./import/text-caps";
import { describeIssues } from "./schemas/errors";

const httpUrl = z.string().refine((url) => /^https?:\/\/[^\s/]+/.test(url), "must be an http:// or https:// URL");

const SSO_PAIRS = [
  ["LOOPSCOPE_OIDC_ISSUER", "LOOPSCOPE_OIDC_CLIENT_ID"],
  ["LOOPSCOPE_OIDC_CLIENT_ID", "LOOPSCOPE_OIDC_CLIENT_SECRET"],
  ["LOOPSCOPE_GITHUB_CLIENT_ID", "LOOPSCOPE_GITHUB_CLIENT_SECRET"],
] as const;

const megabytes = (fallback: number) => z.coerce.number().finite().positive().default(fallback);

export const ServerEnv = z.object({
  /** The port `npm start` serves on. */
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /**
   * The address `npm start` listens on (scripts/start.mjs reads it too); links name it when
   * LOOPSCOPE_PUBLIC_URL is unset (docs/accounts.md#public-url). Unset or a wildcard: `localhost`.
   */
  HOST: z
    .string()
    .refine((h) => /^[\w.-]+$|^\[?[\da-f:.]+\]?$/i.test(h), "must be a host name or an IP address")
    .optional(),
  /** A Postgres server; unset: the embedded PGlite under LOOPSCOPE_DATA_DIR. */
  DATABASE_URL: z
    .string()
    .refine((url) => /^postgres(ql)?:\/\/\S+$/.test(url), "must be a postgres:// or postgresql:// URL")
    .optional(),
  /**
   * A streaming replica of DATABASE_URL that serves the heavy reads (docs/scaling.md#read-replica);
   * a client that just wrote reads the primary until the replica has replayed its write. Unset: the primary.
   */
  DATABASE_READ_URL: z
    .string()
    .refine((url) => /^postgres(ql)?:\/\/\S+$/.test(url), "must be a postgres:// or postgresql:// URL")
    .optional(),
  /** Where the embedded database lives. */
  LOOPSCOPE_DATA_DIR: z.string().default("./data"),
  /** The cap on one upload (POST /api/v1/ingest) after gunzip, in MiB. */
  LOOPSCOPE_MAX_UPLOAD_MB: megabytes(1024),
  /** The cap on an upload that is one JSON document (held in memory while parsed), in MiB. */
  LOOPSCOPE_MAX_DOCUMENT_MB: megabytes(64),
  /** The cap on one decompressed OTLP request body (POST /v1/*), in MiB. */
  LOOPSCOPE_OTLP_MAX_MB: megabytes(64),
  /**
   * How much text imported records keep, per field (docs/import.md#text-caps), as
   * `prompt=8000,tool_output=1500`; unset: the defaults. A bad field or a cap past its bound stops the start.
   */
  LOOPSCOPE_TEXT_CAPS: z
    .string()
    .transform((spec, ctx) => {
      try {
        return parseTextCaps(spec);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
  /** Postgres only: a statement running longer is cancelled, in seconds; 0: never. */
  LOOPSCOPE_DB_STATEMENT_TIMEOUT_S: z.coerce.number().finite().min(0).default(60),
  /**
   * Runs are deleted once the month they were first stored in ended this many days ago
   * (docs/scaling.md#partitions-and-retention); unset: kept forever.
   */
  LOOPSCOPE_RETENTION_DAYS: z.coerce.number().int().positive().optional(),
  /** Accounts and API keys (docs/accounts.md); `off`: the open single-user mode, on 127.0.0.1 unless HOST says otherwise. */
  LOOPSCOPE_AUTH: z.enum(["on", "off"]).default("on"),
  /**
   * A browser session unused this many days ends (docs/accounts.md#sessions); every session
   * also ends 30 days after sign-in whatever its use.
   */
  LOOPSCOPE_SESSION_IDLE_DAYS: z.coerce.number().positive().max(30).default(7),
  /** A key accepted as an admin-scope API key, for automation and tests. */
  LOOPSCOPE_API_KEY: z.string().min(16, "must be at least 16 characters").optional(),
  /**
   * The address users open Loopscope at; links and SSO redirect URLs start with it
   * (docs/accounts.md#public-url). Unset: a trusted proxy's forwarded host, else http://HOST:PORT.
   */
  LOOPSCOPE_PUBLIC_URL: httpUrl.optional(),
  /**
   * `*`: every request comes through a reverse proxy that sets X-Forwarded-Proto/Host/For, which are
   * then read (docs/accounts.md#trusted-proxies). Unset: they are ignored. Only `*`: a route handler
   * cannot see the peer's address, so a list of proxy addresses could not be checked.
   */
  LOOPSCOPE_TRUSTED_PROXIES: z
    .string()
    .refine((v) => v === "*", "must be * (the server cannot see a peer's address to check a list against)")
    .optional(),
  /** OpenID Connect sign-in (docs/accounts.md#github-and-openid-connect): the issuer, client id and secret. */
  LOOPSCOPE_OIDC_ISSUER: httpUrl.optional(),
  LOOPSCOPE_OIDC_CLIENT_ID: z.string().optional(),
  LOOPSCOPE_OIDC_CLIENT_SECRET: z.string().optional(),
  /** The OIDC button's label: "Sign in with <name>". */
  LOOPSCOPE_OIDC_NAME: z.string().max(40).optional(),
  /** GitHub sign-in: an OAuth app's client id and secret. */
  LOOPSCOPE_GITHUB_CLIENT_ID: z.string().optional(),
  LOOPSCOPE_GITHUB_CLIENT_SECRET: z.string().optional(),
  /** For tests only: GitHub's web and API base URLs. */
  LOOPSCOPE_GITHUB_URL: httpUrl.optional(),
  LOOPSCOPE_GITHUB_API_URL: httpUrl.optional(),
  /** Comma-separated email domains whose users SSO may create (as viewers); unset: none. */
  LOOPSCOPE_SSO_ALLOWED_DOMAINS: z.string().optional(),
  /**
   * What this process does with a Postgres server (docs/scaling.md#analysis-queue): `web` serves
   * HTTP and enqueues analyses; `worker` works analysis jobs and maintenance, no HTTP; `all` both.
   */
  LOOPSCOPE_ROLE: z.enum(["web", "worker", "all"]).default("all"),
});

// A provider half-configured is a mistake worth stopping the start for.
const CheckedEnv = ServerEnv.superRefine((env, ctx) => {
  for (const [a, b] of SSO_PAIRS) {
    for (const [set, missing] of [
      [a, b],
      [b, a],
    ] as const) {
      if (env[set] !== undefined && env[missing] === undefined)
        ctx.addIssue({ code: "custom", path: [missing], message: `must be set when ${set} is` });
    }
  }
});
export type ServerEnv = z.output<typeof ServerEnv>;

/** A variable with a value the server cannot use; the message names each one. */
export class EnvError extends Error {
  override name = "EnvError";
}

export function readEnv(env: Record<string, string | undefined> = process.env): ServerEnv {
  const set: Record<string, string> = {};
  for (const name of Object.keys(ServerEnv.shape)) {
    const value = env[name]?.trim();
    if (value) set[name] = value;
  }
  const parsed = CheckedEnv.safeParse(set);
  if (parsed.success) return parsed.data;
  const problems = describeIssues(parsed.error.issues, { input: set }).map((d) => d.message);
  throw new EnvError(`invalid environment: ${problems.join("; ")}`);
}
