import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DbHandle } from "@/db/client";
import { listEventsOfKind } from "@/db/events";
import { targets } from "./support/databases";
import { ingestText } from "./support/ingest";

describe.each(targets)("events by kind on $name", (target) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await target.open();
    await ingestText(
      h.db,
      [
        '{"type":"event","run_id":"r-ev","ts":"2026-01-01T00:00:02.5Z","kind":"breaker","state":"OPEN","reason":"same_error","tool":"Bash"}',
        '{"type":"event","run_id":"r-ev","ts":"2026-01-01T00:00:01Z","kind":"permission_denied","tool":"Bash"}',
        '{"type":"event","run_id":"r-ev","ts":"2026-01-01T00:00:03Z","kind":"breaker","state":"CLOSED"}',
      ].join("\n"),
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  test("the harness's breaker events, oldest first, with their fields", async () => {
    const events = await listEventsOfKind(h.db, "r-ev", ["breaker"]);
    expect(events).toEqual([
      {
        at: "2026-01-01T00:00:02.500000Z",
        kind: "breaker",
        tool: "Bash",
        detail: null,
        state: "OPEN",
        reason: "same_error",
        status: null,
      },
      {
        at: "2026-01-01T00:00:03.000000Z",
        kind: "breaker",
        tool: null,
        detail: null,
        state: "CLOSED",
        reason: null,
        status: null,
      },
    ]);
  });
});
