import { describe, expect, test } from "vitest";
import type { Principal } from "@/lib/auth/roles";
import { mayChangeComment } from "@/lib/comments/permissions";

const user = (userId: string, role: "viewer" | "editor" | "admin"): Principal => ({
  kind: "user",
  userId,
  name: userId,
  email: `${userId}@example.test`,
  role,
});
const BY_ANA = { author_user_id: "u-ana" };
const ANONYMOUS = { author_user_id: null };

describe("who may edit or delete a comment", () => {
  test.each([
    ["its author", user("u-ana", "viewer"), BY_ANA, true],
    ["another user, even an editor", user("u-ben", "editor"), BY_ANA, false],
    ["an admin", user("u-root", "admin"), BY_ANA, true],
    ["a user, on a comment written with accounts off", user("u-ana", "editor"), ANONYMOUS, false],
    ["an admin, on a comment written with accounts off", user("u-root", "admin"), ANONYMOUS, true],
    ["anyone with accounts off", { kind: "open" } as Principal, BY_ANA, true],
    ["LOOPSCOPE_API_KEY", { kind: "env-key" } as Principal, BY_ANA, true],
    ["an API key", { kind: "key", keyId: "k", name: "ci", scopes: ["read"] } as Principal, ANONYMOUS, false],
  ])("%s: %s", (_, who, comment, may) => {
    expect(mayChangeComment(who, comment)).toBe(may);
  });
});
