"use client";
// The comment requests of the thread UI (docs/api.md#comments) and who is
// signed in, asked once per comment box after mount. A failed request throws
// an Error with the API's message, for useRefreshAfter's alert.
import { useEffect, useState } from "react";
import type { Principal } from "@/lib/auth/roles";
import type { SessionOut } from "@/lib/schemas/auth";

export async function sendComment(url: string, method: "POST" | "PATCH" | "DELETE", body?: unknown): Promise<void> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) {
    const err = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(err?.error?.message ?? `HTTP ${res.status}`);
  }
}

export const commentsUrl = (runId: string, commentId?: string) =>
  `/api/v1/runs/${encodeURIComponent(runId)}/comments${commentId ? `/${encodeURIComponent(commentId)}` : ""}`;

/** The principal this browser acts as: open with accounts off, the user when signed in; null until known. */
export function useCommentPrincipal(): Principal | null {
  const [who, setWho] = useState<Principal | null>(null);
  useEffect(() => {
    let live = true;
    fetch("/api/v1/auth/session")
      .then((res) => (res.ok ? (res.json() as Promise<SessionOut>) : null))
      .then((s) => {
        if (!live || !s) return;
        if (s.auth === "off") setWho({ kind: "open" });
        else if (s.user) setWho({ kind: "user", userId: s.user.user_id, ...s.user });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return who;
}
