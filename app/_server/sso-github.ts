// GitHub sign-in (docs/accounts.md#github-and-openid-connect): an OAuth app's
// authorize URL (state and PKCE S256), the code exchanged for an access token,
// then GET /user and /user/emails; the account's primary email must be verified.
// The token is used for these two reads and dropped.
import type { GithubClient } from "@/lib/auth/sso-config";
import { authorizeUrl, pkceChallenge, type SsoFlow } from "@/lib/auth/sso-flow";
import { identityFromGithub, type SsoIdentity } from "@/lib/auth/sso-identity";
import { GithubEmails, GithubTokenAnswer, GithubUser } from "@/lib/schemas/sso";
import { fetchJson } from "./sso-fetch";

export function githubAuthorizeUrl(client: GithubClient, flow: SsoFlow, redirectUri: string): string {
  return authorizeUrl(`${client.webUrl}/login/oauth/authorize`, {
    client_id: client.clientId,
    redirect_uri: redirectUri,
    scope: "read:user user:email",
    state: flow.state,
    code_challenge: pkceChallenge(flow.verifier),
    code_challenge_method: "S256",
    allow_signup: "false",
  });
}

export async function githubIdentity(
  client: GithubClient,
  code: string,
  flow: SsoFlow,
  redirectUri: string,
): Promise<SsoIdentity> {
  const body = new URLSearchParams({
    client_id: client.clientId,
    client_secret: client.clientSecret,
    code,
    redirect_uri: redirectUri,
    code_verifier: flow.verifier,
  });
  const { access_token } = await fetchJson(GithubTokenAnswer, `${client.webUrl}/login/oauth/access_token`, {
    method: "POST",
    body,
  });
  const headers = { authorization: `Bearer ${access_token}`, accept: "application/vnd.github+json" };
  const [user, emails] = await Promise.all([
    fetchJson(GithubUser, `${client.apiUrl}/user`, { headers }),
    fetchJson(GithubEmails, `${client.apiUrl}/user/emails`, { headers }),
  ]);
  return identityFromGithub(user, emails);
}
