// The CLI's stored keys (docs/accounts.md#the-cli-signs-in-once): where the
// file lives, its modes, its atomic writes, a corrupt one, and the order in
// which ingest and watch pick a key.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  CredentialsFileError,
  type CliEnv,
  credentialsPath,
  forgetAllApiKeys,
  forgetApiKey,
  readCredentials,
  resolveApiKey,
  serverOrigin,
  storeApiKey,
  storedApiKey,
} from "@/bin/cli/credentials";

let dir: string;
let env: CliEnv;
let file: string;
const modeOf = (p: string) => statSync(p).mode & 0o777;
const SAVED_AT = new Date("2026-03-04T10:20:00.000Z");

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "loopscope-credentials-"));
  env = { XDG_CONFIG_HOME: dir };
  file = credentialsPath(env);
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("where the keys live", () => {
  test("under $XDG_CONFIG_HOME/loopscope, else ~/.config/loopscope, else %APPDATA% on Windows", () => {
    expect(credentialsPath({ XDG_CONFIG_HOME: "/x/config", HOME: "/home/ada" }, "linux")).toBe(
      "/x/config/loopscope/credentials.json",
    );
    expect(credentialsPath({ HOME: "/home/ada" }, "linux")).toBe("/home/ada/.config/loopscope/credentials.json");
    expect(credentialsPath({ HOME: "/Users/ada" }, "darwin")).toBe("/Users/ada/.config/loopscope/credentials.json");
    expect(credentialsPath({ APPDATA: "/c/Users/ada/AppData/Roaming", HOME: "/h" }, "win32")).toBe(
      path.join("/c/Users/ada/AppData/Roaming", "loopscope", "credentials.json"),
    );
  });

  test("a relative XDG_CONFIG_HOME is ignored, as the XDG spec says", () => {
    expect(credentialsPath({ XDG_CONFIG_HOME: "config", HOME: "/home/ada" }, "linux")).toBe(
      "/home/ada/.config/loopscope/credentials.json",
    );
  });
});

describe("a server's origin names its key", () => {
  test.each([
    ["http://127.0.0.1:3000/", "http://127.0.0.1:3000"],
    ["http://LOCALHOST:3000/admin?x=1", "http://localhost:3000"],
    ["https://loopscope.example.com:443/", "https://loopscope.example.com"],
    ["http://loopscope.example.com:80", "http://loopscope.example.com"],
  ])("%s → %s", (url, origin) => {
    expect(serverOrigin(url)).toBe(origin);
  });

  test.each(["localhost:3000", "not a url", "ftp://h/"])("%s is a usage error", (url) => {
    expect(() => serverOrigin(url)).toThrow(/--url must be/);
  });

  test("a key stored under one spelling of the URL is found under another", () => {
    storeApiKey(file, "http://LOCALHOST:3000/", "sk-ls-a", SAVED_AT);
    expect(storedApiKey(file, "http://localhost:3000")).toBe("sk-ls-a");
    expect(readCredentials(file)).toEqual({
      version: 1,
      servers: { "http://localhost:3000": { api_key: "sk-ls-a", saved_at: "2026-03-04T10:20:00.000Z" } },
    });
  });
});

describe("the credentials file", () => {
  test("is 0600 in a 0700 directory, and only the file is left there", () => {
    storeApiKey(file, "http://h:1", "sk-ls-a");
    expect(modeOf(path.dirname(file))).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    expect(readdirSync(path.dirname(file))).toEqual(["credentials.json"]);
  });

  test("an overwrite replaces the file whole (a new inode, 0600 even over a looser file), keeping the other servers", () => {
    storeApiKey(file, "http://h:1", "sk-ls-a");
    storeApiKey(file, "http://h:2", "sk-ls-b");
    chmodSync(file, 0o644);
    chmodSync(path.dirname(file), 0o755);
    const before = statSync(file).ino;
    storeApiKey(file, "http://h:1", "sk-ls-c");
    expect(statSync(file).ino).not.toBe(before);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(path.dirname(file))).toBe(0o700);
    expect(readdirSync(path.dirname(file))).toEqual(["credentials.json"]);
    expect(storedApiKey(file, "http://h:1")).toBe("sk-ls-c");
    expect(storedApiKey(file, "http://h:2")).toBe("sk-ls-b");
  });

  test("no file is no keys", () => {
    expect(readCredentials(file)).toEqual({ version: 1, servers: {} });
    expect(storedApiKey(file, "http://h:1")).toBeUndefined();
  });

  test.each([
    ["not JSON", "{", "not JSON"],
    ["another JSON file", '{"servers":{"http://h:1":"sk"}}', "unexpected content"],
  ])("a file that is %s is an error naming it and the way out, never a crash", (_, text, why) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    const read = () => readCredentials(file);
    expect(read).toThrow(CredentialsFileError);
    expect(read).toThrow(
      `${file} is not a Loopscope credentials file (${why}): fix it, or remove it with \`loopscope logout --all\` and log in again`,
    );
    expect(() => storeApiKey(file, "http://h:1", "sk-ls-a")).toThrow(CredentialsFileError);
    expect(readFileSync(file, "utf8")).toBe(text); // never overwritten unread
  });

  test("logout forgets one server's key and says whether there was one; --all removes the file", () => {
    storeApiKey(file, "http://h:1", "sk-ls-a");
    storeApiKey(file, "http://h:2", "sk-ls-b");
    expect(forgetApiKey(file, "http://h:1/")).toBe(true);
    expect(forgetApiKey(file, "http://h:1")).toBe(false);
    expect(Object.keys(readCredentials(file).servers)).toEqual(["http://h:2"]);
    expect(modeOf(file)).toBe(0o600);
    expect(forgetAllApiKeys(file)).toBe(true);
    expect(readdirSync(path.dirname(file))).toEqual([]);
    expect(forgetAllApiKeys(file)).toBe(false);
  });

  test("--all removes a corrupt file too", () => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "{");
    expect(forgetAllApiKeys(file)).toBe(true);
    expect(readCredentials(file)).toEqual({ version: 1, servers: {} });
  });
});

describe("the key ingest and watch send", () => {
  const URL_ = "http://h:1";
  beforeEach(() => storeApiKey(file, URL_, "sk-ls-stored"));

  test.each([
    ["--api-key wins over both", "sk-ls-flag", "sk-ls-env", { apiKey: "sk-ls-flag", source: "flag" }],
    ["LOOPSCOPE_API_KEY wins over the stored key", undefined, "sk-ls-env", { apiKey: "sk-ls-env", source: "env" }],
    ["a blank --api-key or variable counts as none", "  ", " ", { apiKey: "sk-ls-stored", source: "stored" }],
  ])("%s", (_, flag, fromEnv, expected) => {
    expect(resolveApiKey(flag, URL_, { ...env, LOOPSCOPE_API_KEY: fromEnv })).toMatchObject(expected);
  });

  test("neither: the key stored for the URL's server, with the file it came from", () => {
    expect(resolveApiKey(undefined, "http://h:1/", env)).toEqual({ apiKey: "sk-ls-stored", source: "stored", file });
  });

  test("nothing stored for that server: no key", () => {
    expect(resolveApiKey(undefined, "http://h:2", env)).toEqual({});
  });

  test("a corrupt file stands in the way of the stored key only", () => {
    writeFileSync(file, "{");
    expect(() => resolveApiKey(undefined, URL_, env)).toThrow(CredentialsFileError);
    expect(resolveApiKey("sk-ls-flag", URL_, env)).toEqual({ apiKey: "sk-ls-flag", source: "flag" });
    expect(resolveApiKey(undefined, URL_, { ...env, LOOPSCOPE_API_KEY: "sk-ls-env" })).toMatchObject({ source: "env" });
  });
});
