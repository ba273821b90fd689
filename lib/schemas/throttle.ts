// The answers of sign-in throttling (docs/accounts.md#sign-in-throttling).
import { z } from "zod";

/** DELETE /api/v1/users/{user_id}/lockout: the account's failures are forgotten; `unlocked` says whether it had any. */
export const AccountUnlocked = z.object({ user_id: z.string(), unlocked: z.boolean() });
export type AccountUnlocked = z.infer<typeof AccountUnlocked>;
