// PUT /api/v1/auth/password (docs/accounts.md#taking-access-back): a signed-in
// user changes their own password after giving the current one; their other
// sessions end, this browser stays signed in. Wrong current passwords count
// toward the sign-in throttle like wrong sign-ins (429 with Retry-After).
import { changeOwnPassword } from "@/app/_server/access";
import { requireAccess } from "@/app/_server/auth";
import { handle, json, parseJsonBody } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { readSessionToken } from "@/app/_server/session";
import { signInKeys, throttled } from "@/app/_server/sign-in-throttle";
import { hashSecret } from "@/lib/auth/tokens";
import { ApiError } from "@/lib/errors";
import { PasswordChangeInput, PasswordChanged } from "@/lib/schemas/auth";

export const dynamic = "force-dynamic";

const isWrongCurrent = (err: unknown) => err instanceof ApiError && err.code === "forbidden";

export const PUT = handle(async (req: Request) => {
  requireSameOriginForBrowser(req);
  const who = await requireAccess(req, "read");
  if (who.kind !== "user") throw new ApiError("forbidden", "only a signed-in user has a password to change");
  const input = await parseJsonBody(PasswordChangeInput, req, { expected: '{"current_password", "new_password"}' });
  const token = readSessionToken(req.headers.get("cookie"));
  const keep = token === null ? undefined : hashSecret(token);
  const ended = await throttled(
    signInKeys(req, who.email),
    () => changeOwnPassword(who.userId, input, keep),
    isWrongCurrent,
  );
  return json(PasswordChanged.parse({ changed: true, other_sessions_ended: ended }));
});
