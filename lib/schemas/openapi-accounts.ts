// The accounts and API-key routes of docs/accounts.md as the OpenAPI document
// (openapi.ts) describes them; their schemas are named in openapi-components.ts.
import { z } from "zod";
import * as auth from "./auth";
import { AccountUnlocked } from "./throttle";
import { json, SERVER_ERRORS, type RouteDocs } from "./openapi-components";

const CHANGES = { 400: "BadRequest", 401: "Unauthorized", 403: "Forbidden", ...SERVER_ERRORS } as const;
const SSO_REDIRECT = {
  description: "A redirect: to the provider, to the page to return to, or to /sign-in with an error code.",
  headers: { Location: { description: "Where the browser goes next.", schema: { type: "string" } } },
};
const SsoStartQuery = z.object({ return_to: z.string().optional() });
const SsoCallbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});
const ADMIN_READ = { 401: "Unauthorized", 403: "Forbidden", ...SERVER_ERRORS } as const;

export const ACCOUNT_ROUTES: RouteDocs = {
  "/api/v1/auth/setup": {
    post: {
      operationId: "setUpAdmin",
      summary: "Create the first admin and sign in",
      description: "Only while no account exists; then 409. Sets the session cookie.",
      tag: "accounts",
      body: { description: "The admin's name, email and password.", content: json(auth.SetupInput) },
      responses: {
        201: { description: "The admin, signed in.", content: json(auth.UserAnswer) },
        400: "BadRequest",
        403: "CrossOrigin",
        409: "Conflict",
        429: "TooManyAttempts",
        ...SERVER_ERRORS,
      },
    },
  },
  "/api/v1/auth/session": {
    get: {
      operationId: "getSession",
      summary: "Who is signed in",
      tag: "accounts",
      responses: { 200: { description: "The user, or null.", content: json(auth.SessionOut) }, ...SERVER_ERRORS },
    },
    post: {
      operationId: "signIn",
      summary: "Sign in with email and password",
      description:
        "Sets the session cookie. A wrong password and an unknown email are the same 401. " +
        "Throttled per account and client address: 429 with Retry-After (docs/accounts.md).",
      tag: "accounts",
      body: { description: "Email and password.", content: json(auth.SignInInput) },
      responses: {
        200: { description: "Signed in.", content: json(auth.UserAnswer) },
        400: "BadRequest",
        401: "Unauthorized",
        403: "CrossOrigin",
        429: "TooManyAttempts",
        ...SERVER_ERRORS,
      },
    },
    delete: {
      operationId: "signOut",
      summary: "Sign out",
      tag: "accounts",
      responses: {
        200: { description: "The session is gone.", content: json(auth.SignedOut) },
        403: "CrossOrigin",
        ...SERVER_ERRORS,
      },
    },
  },
  "/api/v1/auth/{provider}/start": {
    get: {
      operationId: "startSso",
      summary: "Sign in with GitHub or OpenID Connect: go to the provider",
      description:
        "`provider` is `github` or `oidc`. Redirects (302) to the provider with a short-lived signed cookie " +
        "holding the state, nonce and PKCE verifier. `return_to`: a path of this site to come back to.",
      tag: "accounts",
      query: SsoStartQuery,
      responses: { 302: SSO_REDIRECT, 404: "NotFound" },
    },
  },
  "/api/v1/auth/{provider}/callback": {
    get: {
      operationId: "finishSso",
      summary: "Sign in with GitHub or OpenID Connect: back from the provider",
      description:
        "Checks the state, exchanges the code, verifies the email, sets the session cookie and redirects (302) " +
        "to `return_to`; a refusal redirects to `/sign-in?error=<code>` instead (docs/accounts.md).",
      tag: "accounts",
      query: SsoCallbackQuery,
      responses: { 302: SSO_REDIRECT, 404: "NotFound" },
    },
  },
  "/api/v1/users": {
    get: {
      operationId: "listUsers",
      summary: "Every user (admins)",
      tag: "accounts",
      responses: { 200: { description: "Users, oldest first.", content: json(auth.UserList) }, ...ADMIN_READ },
    },
    post: {
      operationId: "addUser",
      summary: "Add a user with a role (admins)",
      tag: "accounts",
      body: { description: "Name, email, password, role.", content: json(auth.NewUserInput) },
      responses: {
        201: { description: "The new user.", content: json(auth.UserAnswer) },
        409: "Conflict",
        ...CHANGES,
      },
    },
  },
  "/api/v1/users/{user_id}": {
    patch: {
      operationId: "changeUserRole",
      summary: "Change a user's role (admins)",
      description:
        "Ends the user's sessions at once. The last admin cannot be demoted: 409 (docs/accounts.md#taking-access-back).",
      tag: "accounts",
      body: { description: "The new role.", content: json(auth.UserChangeInput) },
      responses: {
        200: { description: "The user with the new role.", content: json(auth.UserAnswer) },
        404: "NotFound",
        409: "Conflict",
        ...CHANGES,
      },
    },
    delete: {
      operationId: "removeUser",
      summary: "Remove a user (admins)",
      description:
        "The account and its sessions and reset links are deleted; its comments keep their author's name, " +
        "the keys it made stay. The last admin cannot be removed: 409.",
      tag: "accounts",
      responses: {
        200: { description: "The removed user.", content: json(auth.UserRemoved) },
        404: "NotFound",
        409: "Conflict",
        ...ADMIN_READ,
      },
    },
  },
  "/api/v1/users/{user_id}/sessions": {
    delete: {
      operationId: "signOutEverywhere",
      summary: "Sign a user out everywhere (the user themself, or an admin)",
      description: "Every browser session of the user ends; for oneself, this browser too. API keys are not sessions.",
      tag: "accounts",
      responses: {
        200: { description: "How many sessions ended.", content: json(auth.SessionsEnded) },
        404: "NotFound",
        ...ADMIN_READ,
      },
    },
  },
  "/api/v1/users/{user_id}/password-reset": {
    post: {
      operationId: "createPasswordReset",
      summary: "Make a one-time password-reset link for a user (admins)",
      description:
        "Valid 24 hours, replaces the user's earlier link and ends their sessions now. There is no mail: the admin " +
        "passes the link on. The token is after `#`, so it never reaches a server log (docs/accounts.md#password-reset).",
      tag: "accounts",
      responses: {
        201: { description: "The link, shown once.", content: json(auth.PasswordResetCreated) },
        404: "NotFound",
        ...ADMIN_READ,
      },
    },
  },
  "/api/v1/auth/password": {
    put: {
      operationId: "changePassword",
      summary: "Change one's own password (a signed-in user)",
      description:
        "Needs the current password; the user's other sessions end, this one stays. Wrong current passwords are " +
        "throttled like wrong sign-ins (429 with Retry-After).",
      tag: "accounts",
      body: { description: "The current and the new password.", content: json(auth.PasswordChangeInput) },
      responses: {
        200: { description: "Changed.", content: json(auth.PasswordChanged) },
        429: "TooManyAttempts",
        ...CHANGES,
      },
    },
  },
  "/api/v1/auth/password-reset": {
    post: {
      operationId: "usePasswordReset",
      summary: "Set a new password with an admin's one-time link, and sign in",
      description:
        "Every session of the account ends, its sign-in lock lifts, and this browser is signed in. " +
        "An unknown, used or expired link: 403.",
      tag: "accounts",
      body: { description: "The link's token and the new password.", content: json(auth.PasswordResetInput) },
      responses: {
        200: { description: "Signed in with the new password.", content: json(auth.UserAnswer) },
        400: "BadRequest",
        403: "Forbidden",
        ...SERVER_ERRORS,
      },
    },
  },
  "/api/v1/users/{user_id}/lockout": {
    delete: {
      operationId: "unlockUser",
      summary: "Unlock an account throttled by failed sign-ins (admins)",
      description: "Forgets the account's failed sign-ins; client addresses keep their own count.",
      tag: "accounts",
      responses: {
        200: { description: "The account may sign in at once.", content: json(AccountUnlocked) },
        404: "NotFound",
        ...ADMIN_READ,
      },
    },
  },
  "/api/v1/keys": {
    get: {
      operationId: "listKeys",
      summary: "The project's API keys, without secrets (admins)",
      tag: "accounts",
      responses: { 200: { description: "Keys, newest first.", content: json(auth.KeyList) }, ...ADMIN_READ },
    },
    post: {
      operationId: "createKey",
      summary: "Create an API key (admins)",
      description: "The answer is the only one that shows `secret_key`; the server keeps its SHA-256.",
      tag: "accounts",
      body: { description: "A name and scopes.", content: json(auth.NewKeyInput) },
      responses: { 201: { description: "The key and its secret.", content: json(auth.KeyCreated) }, ...CHANGES },
    },
  },
  "/api/v1/keys/{key_id}": {
    delete: {
      operationId: "revokeKey",
      summary: "Revoke an API key (admins)",
      tag: "accounts",
      responses: {
        200: { description: "The key, with revoked_at.", content: json(auth.KeyRevoked) },
        404: "NotFound",
        ...ADMIN_READ,
      },
    },
  },
};
