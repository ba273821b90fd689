// GET /api/v1/auth/{provider}/start?return_to=/path (docs/accounts.md#github-and-openid-connect):
// sends the browser to GitHub (`github`) or the OpenID Connect provider
// (`oidc`); 404 when that provider is not configured. Open: it is how a visitor signs in.
import { handle } from "@/app/_server/respond";
import { startSso } from "@/app/_server/sso";

export const dynamic = "force-dynamic";

export const GET = handle(async (req: Request, ctx: { params: Promise<{ provider: string }> }) =>
  startSso(req, (await ctx.params).provider),
);
