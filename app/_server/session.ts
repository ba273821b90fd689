// The session cookie of docs/accounts.md#sessions: HttpOnly, SameSite=Lax,
// Secure when the request came over https, the random token inside (the
// database holds only its hash). Pages read the signed-in user through pageUser.
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { findSessionUser, type SessionUser } from "@/db/sessions";
import { countUsers } from "@/db/users";
import { SESSION_COOKIE, SESSION_TTL_MS, hashSecret, sessionIdleMs } from "@/lib/auth/tokens";
import { readEnv } from "@/lib/env";
import { decodeCookieValue, readCookie } from "@/lib/http/cookies";

/** The session token of a Cookie header, or null (also for a malformed one: that is no session). */
export function readSessionToken(cookieHeader: string | null): string | null {
  const value = readCookie(cookieHeader, SESSION_COOKIE);
  return value === null ? null : decodeCookieValue(value);
}

export const isHttps = (req: Request) =>
  new URL(req.url).protocol === "https:" || req.headers.get("x-forwarded-proto") === "https";

/** The Set-Cookie value that signs this browser in with `token`. */
export function sessionCookie(req: Request, token: string): string {
  const secure = isHttps(req) ? "; Secure" : "";
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_TTL_MS / 1000}${secure}`;
}

/** The Set-Cookie value that signs this browser out. */
export function clearedSessionCookie(req: Request): string {
  const secure = isHttps(req) ? "; Secure" : "";
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

/** For server components: the signed-in user, null when nobody is, "off" when accounts are off. */
export async function pageUser(): Promise<SessionUser | null | "off"> {
  if (readEnv().LOOPSCOPE_AUTH === "off") return "off";
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  const { db } = await getDb();
  return findSessionUser(db, hashSecret(token), sessionIdleMs(readEnv().LOOPSCOPE_SESSION_IDLE_DAYS));
}

/**
 * The first line of every page but sign-in, setup and docs: the signed-in
 * user ("off" when accounts are off), or a redirect to /setup while there is
 * no user yet and to /sign-in otherwise. Pages render only after it.
 */
export async function requirePageUser(): Promise<SessionUser | "off"> {
  const user = await pageUser();
  if (user !== null) return user;
  const { db } = await getDb();
  redirect((await countUsers(db)) === 0 ? "/setup" : "/sign-in");
}

/** For the layout (no database): whether accounts are on and this browser holds a session cookie. */
export async function hasSessionCookie(): Promise<boolean> {
  return readEnv().LOOPSCOPE_AUTH === "on" && (await cookies()).has(SESSION_COOKIE);
}
