// Who may do what (docs/accounts.md#roles). A signed-in user acts with their
// role; an API key acts with its scopes; LOOPSCOPE_API_KEY acts as an admin.
// Each route names the one action it needs. `edit` is changing what a stored
// run says about itself (its name, labels, config): an ingest key adds records
// to runs but never edits one, so a harness's key cannot rename a colleague's run.
export const ROLES = ["viewer", "editor", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const KEY_SCOPES = ["ingest", "read"] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

export const ACTIONS = ["read", "comment", "review", "ingest", "edit", "delete", "settings", "admin"] as const;
export type Action = (typeof ACTIONS)[number];

const ROLE_ACTIONS: Record<Role, readonly Action[]> = {
  viewer: ["read", "comment"],
  editor: ["read", "comment", "review", "ingest", "edit", "delete"],
  admin: ACTIONS,
};

const SCOPE_ACTIONS: Record<KeyScope, readonly Action[]> = {
  ingest: ["ingest"],
  read: ["read"],
};

/** Who a request acts as, once its credentials were checked. */
export type Principal =
  | { kind: "user"; userId: string; name: string; email: string; role: Role }
  | { kind: "key"; keyId: string; name: string; scopes: KeyScope[] }
  | { kind: "env-key" }
  | { kind: "open" };

/** Whether the principal may perform the action. */
export function principalMay(p: Principal, action: Action): boolean {
  switch (p.kind) {
    case "open":
    case "env-key":
      return true;
    case "user":
      return ROLE_ACTIONS[p.role].includes(action);
    case "key":
      return p.scopes.some((s) => SCOPE_ACTIONS[s].includes(action));
  }
}

/** A short name for logs and for the ingest principal (never a secret). */
export function describePrincipal(p: Principal): string {
  switch (p.kind) {
    case "user":
      return `user:${p.email}`;
    case "key":
      return `key:${p.keyId}`;
    case "env-key":
      return "env-key";
    case "open":
      return "anonymous";
  }
}
