import { expect, test } from "vitest";
import { ACTIONS, principalMay, type Principal } from "@/lib/auth/roles";

const user = (role: "viewer" | "editor" | "admin"): Principal => ({
  kind: "user",
  userId: "u",
  name: "n",
  email: "e",
  role,
});
const key = (scopes: ("ingest" | "read")[]): Principal => ({ kind: "key", keyId: "k", name: "n", scopes });
const allowed = (p: Principal) => ACTIONS.filter((a) => principalMay(p, a));

test.each([
  ["a viewer reads and comments", user("viewer"), ["read", "comment"]],
  [
    "an editor also reviews, ingests, edits runs and deletes",
    user("editor"),
    ["read", "comment", "review", "ingest", "edit", "delete"],
  ],
  ["an admin does everything", user("admin"), [...ACTIONS]],
  ["an ingest key only ingests: it never edits, reviews, comments on or deletes a run", key(["ingest"]), ["ingest"]],
  ["a key with both scopes still edits no run", key(["ingest", "read"]), ["read", "ingest"]],
  ["a read key only reads", key(["read"]), ["read"]],
  ["LOOPSCOPE_API_KEY does everything", { kind: "env-key" } as Principal, [...ACTIONS]],
  ["accounts off: everything is open", { kind: "open" } as Principal, [...ACTIONS]],
])("%s", (_name, principal, actions) => {
  expect(allowed(principal)).toEqual(actions);
});
