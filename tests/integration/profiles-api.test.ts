// GET/POST /api/v1/profiles and DELETE /api/v1/profiles/{profile_id} on PGlite
// and Postgres (docs/api.md#profiles): the built-in profiles are always
// listed first, a saved profile comes back whole and after them by name, a
// taken name is a 409, a bad setting a 400 naming it, a built-in profile
// cannot be deleted, a deleted one is gone.
import { describe, expect, test } from "vitest";
import { GET, POST } from "@/app/api/v1/profiles/route";
import { DELETE } from "@/app/api/v1/profiles/[profileId]/route";
import type { ProfileOut } from "@/lib/schemas/profiles";
import { targets } from "./support/databases";
import { call, serveDatabase } from "./support/route";

type Body = {
  profiles?: ProfileOut[];
  profile?: ProfileOut;
  error?: { code: string; message: string; details?: { issues?: { path: string; message: string }[] } };
};
type Res = { status: number; body: Body };

const BUILTIN_IDS = ["defaults", "lens-autonomous", "lens-interactive", "cautious", "claude-code", "loop-script"];

describe.each(targets)("profiles API on $name", (target) => {
  serveDatabase(target);
  const list = () => call(GET, "/api/v1/profiles", {}) as Promise<Res>;
  const post = (body: unknown) =>
    call(
      POST,
      "/api/v1/profiles",
      {},
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
    ) as Promise<Res>;
  const remove = (id: string) =>
    call(DELETE, `/api/v1/profiles/${id}`, { profileId: id }, { method: "DELETE" }) as Promise<Res>;

  test("with nothing saved, the list is the built-in profiles", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.profiles?.map((p) => [p.profile_id, p.builtin])).toEqual(BUILTIN_IDS.map((id) => [id, true]));
  });

  test("a saved profile comes back whole, trimmed, and is listed after the built-in ones by name", async () => {
    const saved = await post({ name: "  tight cooldown ", settings: { cooldown_min: 5, context_preset: "relaxed" } });
    expect(saved.status).toBe(201);
    expect(saved.body.profile).toMatchObject({
      name: "tight cooldown",
      settings: { cooldown_min: 5, context_preset: "relaxed" },
      builtin: false,
      created_by: null,
    });
    expect(saved.body.profile?.profile_id).toMatch(/^p-/);
    expect(saved.body.profile?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expect((await post({ name: "a first", settings: {} })).status).toBe(201);
    const names = (await list()).body.profiles?.map((p) => p.name);
    expect(names?.slice(BUILTIN_IDS.length)).toEqual(["a first", "tight cooldown"]);
  });

  test("a name already saved is a 409", async () => {
    const res = await post({ name: "tight cooldown", settings: { fail_max: 2 } });
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe("conflict");
  });

  test("a bad setting, an unknown setting and an empty name are each a 400 naming it", async () => {
    const res = await post({ name: " ", settings: { cooldown_min: -1, gremlins: 3 } });
    expect(res.status).toBe(400);
    const paths = res.body.error?.details?.issues?.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["name", "settings.cooldown_min"]));
    expect(JSON.stringify(res.body.error)).toContain("gremlins");
  });

  test("a built-in profile cannot be deleted; a saved one is deleted once, then 404", async () => {
    const builtin = await remove("cautious");
    expect(builtin.status).toBe(409);
    const id = (await list()).body.profiles?.find((p) => p.name === "a first")?.profile_id ?? "";
    const gone = await remove(id);
    expect(gone.status).toBe(200);
    expect(gone.body.profile?.name).toBe("a first");
    expect((await remove(id)).status).toBe(404);
    expect((await list()).body.profiles?.map((p) => p.name)).not.toContain("a first");
  });
});
