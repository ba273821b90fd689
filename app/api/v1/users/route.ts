// GET and POST /api/v1/users — admins list users and add one with a role
// (docs/accounts.md#roles); 409 when the email is taken. Users are answered
// through the public schema only (docs/accounts.md#never-answered).
import { getDb } from "@/db/client";
import { listUsers } from "@/db/users";
import { addUser } from "@/app/_server/accounts";
import { requireAccess } from "@/app/_server/auth";
import { handle, json, parseJsonBody } from "@/app/_server/respond";
import { requireSameOriginForBrowser } from "@/app/_server/same-origin";
import { NewUserInput, UserAnswer, UserList } from "@/lib/schemas/auth";

export const dynamic = "force-dynamic";

export const GET = handle(async (req: Request) => {
  await requireAccess(req, "admin");
  return json(UserList.parse({ users: await listUsers((await getDb()).db) }));
});

export const POST = handle(async (req: Request) => {
  requireSameOriginForBrowser(req);
  await requireAccess(req, "admin");
  const input = await parseJsonBody(NewUserInput, req, { expected: '{"name", "email", "password", "role"}' });
  return json(UserAnswer.parse({ user: await addUser(input) }), 201);
});
