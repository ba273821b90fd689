// Admin (docs/accounts.md): users with their roles and the project's API keys.
// Admins only; with accounts off there is nothing to administer.
import { getDb } from "@/db/client";
import { listApiKeys } from "@/db/api-keys";
import { listUsers } from "@/db/users";
import { requirePageUser } from "@/app/_server/session";
import { lockedUntilByUser } from "@/app/_server/sign-in-throttle";
import { AdminKeys } from "@/components/admin/admin-keys";
import { AdminUsers } from "@/components/admin/admin-users";

export const dynamic = "force-dynamic";

export default async function AdminPage() {
  const user = await requirePageUser();
  if (user === "off")
    return (
      <div className="admin-page">
        <h1>Admin</h1>
        <p className="muted">Accounts are off (LOOPSCOPE_AUTH=off): there are no users or keys to manage.</p>
      </div>
    );
  if (user.role !== "admin")
    return (
      <div className="admin-page">
        <h1>Admin</h1>
        <p data-testid="admin-forbidden">Only an admin can manage users and API keys.</p>
      </div>
    );
  const { db } = await getDb();
  const [users, keys] = await Promise.all([listUsers(db), listApiKeys(db)]);
  return (
    <div className="admin-page">
      <h1>Admin</h1>
      <AdminUsers users={users} lockedUntil={await lockedUntilByUser(users)} />
      <AdminKeys keys={keys} />
    </div>
  );
}
