// The CLI's stored API keys (docs/accounts.md#the-cli-signs-in-once): one
// key per server, keyed by the server's origin, in the user's config
// directory — $XDG_CONFIG_HOME/loopscope/credentials.json, else %APPDATA% on
// Windows, else ~/.config. The directory is 0700 and the file 0600; the file
// is written whole to a temporary file (0600 from its creation) in the same
// directory and renamed over the old one, so a reader sees the old keys or
// the new ones, never half a file and never a moment of looser modes.
// resolveApiKey is the one place that picks the key a command sends:
// --api-key, else $LOOPSCOPE_API_KEY, else the key stored for the URL.
// A file that is not a credentials file is a CredentialsFileError naming it;
// nothing here overwrites one it cannot read, except `logout --all`.
import { randomBytes } from "node:crypto";
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { z } from "zod";

export const CREDENTIALS_FILE_NAME = "credentials.json";

const StoredServer = z.object({ api_key: z.string().min(1), saved_at: z.string() });

export const CredentialsFile = z.object({
  version: z.literal(1),
  servers: z.record(z.string(), StoredServer),
});
export type CredentialsFile = z.infer<typeof CredentialsFile>;

/** The environment variables read here (NodeJS.ProcessEnv is one; a test passes a plain object). */
export type CliEnv = Readonly<Record<string, string | undefined>>;

/** A credentials file that is there but cannot be read as one: the message names the file and the way out. */
export class CredentialsFileError extends Error {}

/** Where the keys live for this user (`env` is the CLI's environment, `platform` the OS). */
export function credentialsPath(env: CliEnv, platform: NodeJS.Platform = process.platform): string {
  const xdg = env.XDG_CONFIG_HOME;
  // The XDG spec ignores a relative XDG_CONFIG_HOME: it would move with the working directory.
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, "loopscope", CREDENTIALS_FILE_NAME);
  if (platform === "win32" && env.APPDATA) return path.join(env.APPDATA, "loopscope", CREDENTIALS_FILE_NAME);
  return path.join(env.HOME || homedir(), ".config", "loopscope", CREDENTIALS_FILE_NAME);
}

/** The server a key belongs to: the URL's origin (`http://host:port`, no path, no trailing slash). */
export function serverOrigin(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`--url must be a URL like http://localhost:3000; got "${url}"`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw new Error(`--url must be an http:// or https:// URL; got "${url}"`);
  return parsed.origin;
}

/** The stored keys; none when the file does not exist. */
export function readCredentials(file: string): CredentialsFile {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { version: 1, servers: {} };
    throw new CredentialsFileError(`cannot read the credentials file ${file}: ${(err as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const parsed = CredentialsFile.safeParse(value);
  if (!parsed.success)
    throw new CredentialsFileError(
      `${file} is not a Loopscope credentials file (${value === undefined ? "not JSON" : "unexpected content"}): ` +
        "fix it, or remove it with `loopscope logout --all` and log in again",
    );
  return parsed.data;
}

/** Replace the file with these keys: a 0600 temporary file in a 0700 directory, renamed over the old one. */
export function writeCredentials(file: string, credentials: CredentialsFile): void {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700); // a directory made before, by hand, is tightened too
  const temporary = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  const fd = openSync(temporary, "wx", 0o600);
  try {
    writeSync(fd, JSON.stringify(credentials, null, 2) + "\n");
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temporary, file);
  } catch (err) {
    rmSync(temporary, { force: true });
    throw err;
  }
}

/** Store `apiKey` for the URL's server, replacing the one stored before. */
export function storeApiKey(file: string, url: string, apiKey: string, now: Date = new Date()): void {
  const credentials = readCredentials(file);
  credentials.servers[serverOrigin(url)] = { api_key: apiKey, saved_at: now.toISOString() };
  writeCredentials(file, credentials);
}

/** The key stored for the URL's server, if any. */
export function storedApiKey(file: string, url: string): string | undefined {
  return readCredentials(file).servers[serverOrigin(url)]?.api_key;
}

/** Forget the URL's key; whether there was one. The file stays, with the other servers' keys. */
export function forgetApiKey(file: string, url: string): boolean {
  const credentials = readCredentials(file);
  const origin = serverOrigin(url);
  if (!(origin in credentials.servers)) return false;
  delete credentials.servers[origin];
  writeCredentials(file, credentials);
  return true;
}

/** Remove the file whatever it holds (the way out of a corrupt one); whether there was one. */
export function forgetAllApiKeys(file: string): boolean {
  try {
    rmSync(file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw err;
  }
}

export type ApiKeySource = "flag" | "env" | "stored";

/** The key a command sends and where it came from; no `apiKey` when there is none. */
export type ResolvedApiKey =
  | { apiKey: string; source: ApiKeySource; file?: string }
  | { apiKey?: undefined; source?: undefined; file?: undefined };

/**
 * The key for a request to `url`: --api-key, else $LOOPSCOPE_API_KEY, else
 * the key `loopscope login` stored for that server. The file is read only
 * when neither of the first two is given, so a broken one never stands in
 * the way of an explicit key.
 */
export function resolveApiKey(flag: string | undefined, url: string, env: CliEnv): ResolvedApiKey {
  const given = flag?.trim();
  if (given) return { apiKey: given, source: "flag" };
  const fromEnv = env.LOOPSCOPE_API_KEY?.trim();
  if (fromEnv) return { apiKey: fromEnv, source: "env" };
  const file = credentialsPath(env);
  const stored = storedApiKey(file, url);
  return stored ? { apiKey: stored, source: "stored", file } : {};
}

/** Where a key came from, for a message: `from --api-key`, `from LOOPSCOPE_API_KEY`, `stored for <origin>`. */
export function describeApiKeySource(source: ApiKeySource, url: string): string {
  if (source === "flag") return "from --api-key";
  if (source === "env") return "from LOOPSCOPE_API_KEY";
  return `stored for ${serverOrigin(url)} by \`loopscope login\``;
}

/** The server the CLI talks to without --url: LOOPSCOPE_URL, else the local app on PORT (as `npm start` uses it). */
export function defaultUrl(env: CliEnv): string {
  return env.LOOPSCOPE_URL || `http://localhost:${env.PORT || 3000}`;
}
