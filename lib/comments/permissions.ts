// Who may edit or delete a comment (docs/accounts.md#comments, docs/api.md#comments):
// with accounts on, its signed-in author or an admin (LOOPSCOPE_API_KEY acts as
// an admin); a comment written while accounts were off has no signed-in author,
// so only an admin may change it. With accounts off everyone acts as the open
// principal and may change any comment. Pure.
import type { Principal } from "@/lib/auth/roles";
import type { CommentOut } from "@/lib/schemas/comments";

export function mayChangeComment(who: Principal, comment: Pick<CommentOut, "author_user_id">): boolean {
  switch (who.kind) {
    case "open":
    case "env-key":
      return true;
    case "user":
      return who.role === "admin" || (comment.author_user_id !== null && comment.author_user_id === who.userId);
    case "key":
      return false;
  }
}
