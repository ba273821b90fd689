// The address the server warms its routes on at start (app/_server/warm-routes.ts).
import { describe, expect, test } from "vitest";
import { ownOrigin } from "@/app/_server/warm-routes";

describe("the server's own origin for the start-up warm-up", () => {
  test.each([
    [{ PORT: "3000" }, "http://127.0.0.1:3000"],
    [{ PORT: "3101", HOST: "0.0.0.0" }, "http://127.0.0.1:3101"],
    [{ PORT: "3101", HOST: "::" }, "http://127.0.0.1:3101"],
    [{ PORT: "8080", HOST: "10.1.2.3" }, "http://10.1.2.3:8080"],
    [{ PORT: "8080", HOST: "::1" }, "http://[::1]:8080"],
  ])("PORT and HOST %j give %s", (env, origin) => {
    expect(ownOrigin(env)).toBe(origin);
  });

  test("without a PORT (not started by next start) there is nothing to warm", () => {
    expect(ownOrigin({})).toBeNull();
  });
});
