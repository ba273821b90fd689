// What GitHub and an OpenID Connect provider answer during sign-in
// (docs/accounts.md#github-and-openid-connect), read with these schemas so an
// unexpected answer is a clear refusal, not a crash. Extra fields are ignored.
import { z } from "zod";

/** `{issuer}/.well-known/openid-configuration` (OpenID Connect Discovery 1.0), the fields we use. */
export const OidcDiscovery = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
});
export type OidcDiscovery = z.infer<typeof OidcDiscovery>;

/** The token endpoint's answer to an authorization code. */
export const OidcTokenAnswer = z.object({ id_token: z.string().min(1), access_token: z.string().optional() });

/** The id_token's claims we read, after its signature, iss, aud and exp were verified. */
export const OidcClaims = z.object({
  sub: z.string().min(1),
  nonce: z.string().optional(),
  azp: z.string().optional(),
  aud: z.union([z.string(), z.array(z.string())]),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.literal("true"), z.literal("false")]).optional(),
  name: z.string().optional(),
  preferred_username: z.string().optional(),
});
export type OidcClaims = z.infer<typeof OidcClaims>;

/** POST {github}/login/oauth/access_token with Accept: application/json. */
export const GithubTokenAnswer = z.object({ access_token: z.string().min(1) });

/** GET {api}/user. */
export const GithubUser = z.object({ login: z.string(), name: z.string().nullable().optional() });

/** GET {api}/user/emails. */
export const GithubEmails = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));
