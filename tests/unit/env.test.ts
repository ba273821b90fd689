// lib/env.ts: every variable the server reads, its default, and a start that
// stops on a bad value with an error naming the variable (never the value).
import { describe, expect, test } from "vitest";
import { EnvError, readEnv } from "@/lib/env";

describe("readEnv", () => {
  test("an empty environment gives the documented defaults", () => {
    expect(readEnv({})).toEqual({
      PORT: 3000,
      LOOPSCOPE_DATA_DIR: "./data",
      LOOPSCOPE_MAX_UPLOAD_MB: 1024,
      LOOPSCOPE_MAX_DOCUMENT_MB: 64,
      LOOPSCOPE_OTLP_MAX_MB: 64,
      LOOPSCOPE_DB_STATEMENT_TIMEOUT_S: 60,
      LOOPSCOPE_SESSION_IDLE_DAYS: 7,
      LOOPSCOPE_AUTH: "on",
      LOOPSCOPE_ROLE: "all",
    });
  });

  test("accounts are on unless LOOPSCOPE_AUTH is off; another value or a short LOOPSCOPE_API_KEY stops the start", () => {
    expect(readEnv({ LOOPSCOPE_AUTH: "off" }).LOOPSCOPE_AUTH).toBe("off");
    expect(() => readEnv({ LOOPSCOPE_AUTH: "no" })).toThrow(/LOOPSCOPE_AUTH/);
    expect(() => readEnv({ LOOPSCOPE_API_KEY: "short" })).toThrow(/LOOPSCOPE_API_KEY must be at least 16 characters/);
  });

  test("a half-configured GitHub or OIDC sign-in, or an issuer that is not a URL, stops the start", () => {
    expect(() => readEnv({ LOOPSCOPE_GITHUB_CLIENT_ID: "id" })).toThrow(
      "LOOPSCOPE_GITHUB_CLIENT_SECRET must be set when LOOPSCOPE_GITHUB_CLIENT_ID is",
    );
    expect(() => readEnv({ LOOPSCOPE_OIDC_ISSUER: "https://idp.test", LOOPSCOPE_OIDC_CLIENT_ID: "c" })).toThrow(
      "LOOPSCOPE_OIDC_CLIENT_SECRET must be set when LOOPSCOPE_OIDC_CLIENT_ID is",
    );
    expect(() => readEnv({ LOOPSCOPE_OIDC_ISSUER: "idp.test" })).toThrow(
      "LOOPSCOPE_OIDC_ISSUER must be an http:// or https:// URL",
    );
    const oidc = {
      LOOPSCOPE_OIDC_ISSUER: "https://idp.test",
      LOOPSCOPE_OIDC_CLIENT_ID: "c",
      LOOPSCOPE_OIDC_CLIENT_SECRET: "s",
    };
    expect(readEnv(oidc)).toMatchObject(oidc);
  });

  test("a statement timeout of 0 turns it off", () => {
    expect(readEnv({ LOOPSCOPE_DB_STATEMENT_TIMEOUT_S: "0" }).LOOPSCOPE_DB_STATEMENT_TIMEOUT_S).toBe(0);
  });

  test("set values are read as their types; an empty one counts as unset", () => {
    const env = readEnv({
      PORT: "8080",
      DATABASE_URL: "postgresql://app@db:5432/loopscope",
      LOOPSCOPE_DATA_DIR: "/var/lib/loopscope",
      LOOPSCOPE_MAX_UPLOAD_MB: "0.5",
      LOOPSCOPE_OTLP_MAX_MB: " ",
    });
    expect(env).toMatchObject({
      PORT: 8080,
      DATABASE_URL: "postgresql://app@db:5432/loopscope",
      LOOPSCOPE_DATA_DIR: "/var/lib/loopscope",
      LOOPSCOPE_MAX_UPLOAD_MB: 0.5,
      LOOPSCOPE_OTLP_MAX_MB: 64,
    });
  });

  test.each([
    [{ PORT: "http" }, "PORT must be a number"],
    [{ PORT: "70000" }, "PORT must be ≤ 65535"],
    [{ LOOPSCOPE_MAX_UPLOAD_MB: "-5" }, "LOOPSCOPE_MAX_UPLOAD_MB must be > 0"],
    [{ LOOPSCOPE_OTLP_MAX_MB: "lots" }, "LOOPSCOPE_OTLP_MAX_MB must be a number"],
    [{ LOOPSCOPE_MAX_DOCUMENT_MB: "0" }, "LOOPSCOPE_MAX_DOCUMENT_MB must be > 0"],
    [{ LOOPSCOPE_DB_STATEMENT_TIMEOUT_S: "-1" }, "LOOPSCOPE_DB_STATEMENT_TIMEOUT_S must be ≥ 0"],
    [{ DATABASE_URL: "mysql://root:pw@db/x" }, "DATABASE_URL must be a postgres:// or postgresql:// URL"],
  ])("a bad value stops with the variable named: %o", (env, message) => {
    expect(() => readEnv(env)).toThrow(EnvError);
    expect(() => readEnv(env)).toThrow(`invalid environment: ${message}`);
  });

  test("every bad variable is named at once, and a secret in a value is never shown", () => {
    let error: unknown;
    try {
      readEnv({ PORT: "x", DATABASE_URL: "mysql://root:s3cret@db/x" });
    } catch (err) {
      error = err;
    }
    expect((error as Error).message).toContain("PORT");
    expect((error as Error).message).toContain("DATABASE_URL");
    expect((error as Error).message).not.toContain("s3cret");
  });

  test("LOOPSCOPE_TRUSTED_PROXIES is * or unset: a list of addresses could not be checked, and stops the start", () => {
    expect(readEnv({ LOOPSCOPE_TRUSTED_PROXIES: "*" }).LOOPSCOPE_TRUSTED_PROXIES).toBe("*");
    expect(() => readEnv({ LOOPSCOPE_TRUSTED_PROXIES: "10.0.0.0/8" })).toThrow(/LOOPSCOPE_TRUSTED_PROXIES must be \*/);
  });

  test("HOST is a host name or an address, never a URL", () => {
    expect(readEnv({ HOST: "127.0.0.1" }).HOST).toBe("127.0.0.1");
    expect(readEnv({ HOST: "::" }).HOST).toBe("::");
    expect(() => readEnv({ HOST: "http://evil.example/" })).toThrow(/HOST must be a host name/);
  });
});
