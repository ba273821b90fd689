// An ingest key adds records to runs and never changes one (docs/accounts.md#api-keys),
// on PGlite and Postgres: its run record names a new run but cannot rename or
// relabel a stored one (it only fills in what the run lacks), and every route
// that renames, reviews, comments on, deletes or configures answers it 403.
// A grader's outcome is the one run write it may make (docs/api.md#outcome).
import { describe, expect, test } from "vitest";
import { POST as ingest } from "@/app/api/v1/ingest/route";
import { POST as createKey, GET as listKeys } from "@/app/api/v1/keys/route";
import { DELETE as revokeKey } from "@/app/api/v1/keys/[keyId]/route";
import { POST as addUser } from "@/app/api/v1/users/route";
import { GET as getRun, DELETE as deleteRun } from "@/app/api/v1/runs/[runId]/route";
import { PUT as putReview } from "@/app/api/v1/runs/[runId]/review/route";
import { PUT as putOutcome } from "@/app/api/v1/runs/[runId]/outcome/route";
import { POST as postComment } from "@/app/api/v1/runs/[runId]/comments/route";
import { DELETE as deleteComment, PATCH as editComment } from "@/app/api/v1/runs/[runId]/comments/[commentId]/route";
import { PUT as putSettings } from "@/app/api/v1/settings/route";
import { POST as createProfile } from "@/app/api/v1/profiles/route";
import { DELETE as deleteProfile } from "@/app/api/v1/profiles/[profileId]/route";
import type { KeyCreated } from "@/lib/schemas/auth";
import { targets } from "./support/databases";
import { bearer, ENV_KEY, useAccountsOn } from "./support/auth";
import { call, serveDatabase } from "./support/route";

const RUN = "r-team";
const TEAM_RUN =
  '{"type":"run","run_id":"r-team","name":"Ada\'s refactor","labels":{"owner":"ada"},"config":{"fail_max":3}}\n' +
  '{"type":"span","run_id":"r-team","span_id":"s1","kind":"tool","name":"bash","t0":"2026-02-03T14:00:00Z","t1":"2026-02-03T14:00:01Z"}\n';
const RENAME =
  '{"type":"run","run_id":"r-team","name":"pwned","agent":"mallory","labels":{"owner":"mallory","ci":"yes"},"config":{"fail_max":99}}\n' +
  '{"type":"span","run_id":"r-team","span_id":"s2","kind":"tool","name":"bash","t0":"2026-02-03T14:00:02Z","t1":"2026-02-03T14:00:03Z"}\n';

const json = (body: unknown) => JSON.stringify(body);

const upload = (key: string, text: string) =>
  call(
    ingest,
    "/api/v1/ingest",
    {},
    {
      method: "POST",
      headers: { ...bearer(key), "content-type": "application/x-ndjson" },
      body: text,
    },
  );

type Send = (init: RequestInit) => ReturnType<typeof call>;
const runParams = { runId: RUN };
const comment = { runId: RUN, commentId: "c1" };
const MUTATING: [string, string, string | undefined, Send][] = [
  ["DELETE a run", "DELETE", undefined, (i) => call(deleteRun, `/api/v1/runs/${RUN}`, runParams, i)],
  [
    "PUT a review",
    "PUT",
    json({ status: "resolved" }),
    (i) => call(putReview, `/api/v1/runs/${RUN}/review`, runParams, i),
  ],
  [
    "POST a comment",
    "POST",
    json({ author: "k", body: "hi" }),
    (i) => call(postComment, `/api/v1/runs/${RUN}/comments`, runParams, i),
  ],
  [
    "PATCH a comment",
    "PATCH",
    json({ body: "x" }),
    (i) => call(editComment, `/api/v1/runs/${RUN}/comments/c1`, comment, i),
  ],
  ["DELETE a comment", "DELETE", undefined, (i) => call(deleteComment, `/api/v1/runs/${RUN}/comments/c1`, comment, i)],
  ["PUT the settings", "PUT", json({ fail_max: 1 }), (i) => call(putSettings, "/api/v1/settings", {}, i)],
  ["POST a profile", "POST", json({ name: "p", settings: {} }), (i) => call(createProfile, "/api/v1/profiles", {}, i)],
  ["DELETE a profile", "DELETE", undefined, (i) => call(deleteProfile, "/api/v1/profiles/p", { profileId: "p" }, i)],
  ["POST a key", "POST", json({ name: "k2", scopes: ["read"] }), (i) => call(createKey, "/api/v1/keys", {}, i)],
  ["DELETE a key", "DELETE", undefined, (i) => call(revokeKey, "/api/v1/keys/k", { keyId: "k" }, i)],
  [
    "POST a user",
    "POST",
    json({ name: "M", email: "m@x.test", password: "0123456789ab", role: "admin" }),
    (i) => call(addUser, "/api/v1/users", {}, i),
  ],
];

describe.each(targets)("an ingest key's rights on $name", (target) => {
  useAccountsOn();
  serveDatabase(target);
  let ingestKey = "";
  const run = async () =>
    (await call(getRun, `/api/v1/runs/${RUN}`, { runId: RUN }, { headers: bearer(ENV_KEY) })).body;

  test("the team's run is stored by an editor, and an ingest key is made", async () => {
    expect((await upload(ENV_KEY, TEAM_RUN)).status).toBe(200);
    const created = await call(
      createKey,
      "/api/v1/keys",
      {},
      {
        method: "POST",
        headers: { ...bearer(ENV_KEY), "content-type": "application/json" },
        body: json({ name: "harness", scopes: ["ingest"] }),
      },
    );
    expect(created.status).toBe(201);
    ingestKey = (created.body as KeyCreated).secret_key;
  });

  test("its run record adds records but neither renames nor relabels the stored run", async () => {
    const res = await upload(ingestKey, RENAME);
    expect(res.status).toBe(200);
    expect(res.body.stored).toBeGreaterThanOrEqual(1); // the new span
    const stored = await run();
    expect(stored).toMatchObject({ name: "Ada's refactor", agent: "mallory" }); // the agent was unset: filled in
    expect(stored.labels).toEqual({ owner: "ada", ci: "yes" });
    expect(stored.config).toEqual({ fail_max: 3 });
    expect(stored.counts.spans).toBe(2);
  });

  test("its first upload of a run still names the new run", async () => {
    const res = await upload(
      ingestKey,
      '{"type":"run","run_id":"r-new","name":"nightly eval","labels":{"suite":"a"}}\n',
    );
    expect(res.status).toBe(200);
    const created = (await call(getRun, "/api/v1/runs/r-new", { runId: "r-new" }, { headers: bearer(ENV_KEY) })).body;
    expect(created).toMatchObject({ name: "nightly eval", labels: { suite: "a" } });
  });

  test("an editor's (here the admin key's) run record still renames the run", async () => {
    expect((await upload(ENV_KEY, '{"type":"run","run_id":"r-team","name":"Ada\'s big refactor"}\n')).status).toBe(200);
    expect((await run()).name).toBe("Ada's big refactor");
  });

  test.each(MUTATING)("%s is a 403 for it", async (_name, method, body, send) => {
    const res = await send({ method, headers: { ...bearer(ingestKey), "content-type": "application/json" }, body });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden");
  });

  test("a grader's outcome is allowed, and nothing else changed", async () => {
    const res = await call(
      putOutcome,
      `/api/v1/runs/${RUN}/outcome`,
      { runId: RUN },
      {
        method: "PUT",
        headers: { ...bearer(ingestKey), "content-type": "application/json" },
        body: json({ status: "failure" }),
      },
    );
    expect(res.status).toBe(200);
    expect((await run()).name).toBe("Ada's big refactor");
    expect((await call(listKeys, "/api/v1/keys", {}, { headers: bearer(ENV_KEY) })).body.keys).toHaveLength(1);
  });
});
