// GET /api/v1/auth/{provider}/callback (docs/accounts.md#github-and-openid-connect):
// where the provider sends the browser back. Signs in and returns to the page
// the user came from, or redirects to /sign-in?error=<code>; 404 when that
// provider is not configured. Open: it is how a visitor signs in.
import { handle } from "@/app/_server/respond";
import { finishSso } from "@/app/_server/sso";

export const dynamic = "force-dynamic";

export const GET = handle(async (req: Request, ctx: { params: Promise<{ provider: string }> }) =>
  finishSso(req, (await ctx.params).provider),
);
