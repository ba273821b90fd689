// The users card of /admin (components/admin/admin-users.tsx): an account
// locked by failed sign-ins (docs/accounts.md#sign-in-throttling) shows until
// when and an Unlock button; other accounts show neither.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { expect, test } from "vitest";
import { AdminUsers } from "@/components/admin/admin-users";
import type { UserOut } from "@/lib/schemas/auth";

const user = (id: string): UserOut => ({
  user_id: id,
  name: id,
  email: `${id}@example.test`,
  role: "viewer",
  created_at: "2026-03-01T00:00:00.000000Z",
});
const router = { refresh: () => {} } as unknown as React.ContextType<typeof AppRouterContext>;

test("only a locked account shows its lock's end and an Unlock button", () => {
  const html = renderToStaticMarkup(
    createElement(
      AppRouterContext.Provider,
      { value: router },
      createElement(AdminUsers, {
        users: [user("bob"), user("carol")],
        lockedUntil: { carol: "2026-03-01T12:15:00.000Z" },
      }),
    ),
  );
  const rows = html.split("<tr>").slice(2);
  expect(rows[0]).not.toContain("Unlock");
  expect(rows[1]).toContain("locked until 2026-03-01 12:15:00 UTC");
  expect(rows[1]).toContain(">Unlock</button>");
});
