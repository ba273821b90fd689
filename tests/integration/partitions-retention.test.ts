// docs/scaling.md#partitions-and-retention: on a Postgres server spans is
// partitioned by its run's stored_month (db/partitions.ts), with the current
// month and the next MONTHS_AHEAD created ahead; a spans table that already
// holds rows is attached whole; LOOPSCOPE_RETENTION_DAYS drops the expired
// months' partitions and exactly their runs (db/retention.ts). On PGlite the
// same runs go row by row.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { MIGRATIONS_DIR, rowsOf, type Db } from "@/db/client";
import { ensurePartitions, listSpanPartitions, MONTHS_AHEAD, monthStart, preparePartitions } from "@/db/partitions";
import { runMaintenance } from "@/db/queue/maintenance";
import { applyRetention } from "@/db/retention";
import * as schema from "@/db/schema";
import { openForSuite, targets } from "./support/databases";
import { ingestText } from "./support/ingest";

const TEST_URL = process.env.TEST_DATABASE_URL;

const spanLine = (runId: string, id: string) =>
  JSON.stringify({ run_id: runId, span_id: id, name: "read_file", kind: "tool", t0: 100, t1: 101 });
/** A run's records: `spans` spans and one iteration. */
const runText = (runId: string, spans: number) =>
  [
    ...Array.from({ length: spans }, (_, i) => spanLine(runId, `s${i}`)),
    JSON.stringify({ type: "iteration", run_id: runId, n: 1, ts: 100 }),
  ].join("\n");

const count = async (db: Db, query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: string }>(await db.execute(query))[0]?.n);
const spansOf = (db: Db, runId: string) => count(db, sql`SELECT count(*) AS n FROM spans WHERE run_id = ${runId}`);
const relkind = async (db: Db) =>
  rowsOf<{ relkind: string }>(await db.execute(sql`SELECT relkind FROM pg_class WHERE oid = 'spans'::regclass`))[0]
    ?.relkind;
const partitionNames = async (db: Db) => (await db.transaction((tx) => listSpanPartitions(tx))).map((p) => p.name);
const monthName = (date: Date, add = 0) => `spans_${monthStart(date, add).slice(0, 7).replace("-", "_")}`;

/** Runs stored in `month` ('YYYY-MM-01'), each with `spans` spans written by the ingest. */
async function storeRunsIn(db: Db, month: string | null, runIds: string[], spans: number) {
  for (const runId of runIds) {
    if (month) await db.execute(sql`INSERT INTO runs (run_id, stored_month) VALUES (${runId}, ${month})`);
    await ingestText(db, runText(runId, spans));
  }
}

describe.each(targets.filter((t) => t.name === "postgres"))("spans partitions on $name", (target) => {
  const h = openForSuite(target);
  const now = new Date();

  test("after open spans is partitioned, with this month and the next ones created", async () => {
    expect(await relkind(h.db)).toBe("p");
    const names = await partitionNames(h.db);
    for (let add = 0; add <= MONTHS_AHEAD; add++) expect(names).toContain(monthName(now, add));
  });

  test("a run's spans land in its stored month's partition, and a re-upload adds none", async () => {
    const first = await ingestText(h.db, runText("p-reupload", 5));
    expect(first.stored).toBe(6);
    const again = await ingestText(h.db, runText("p-reupload", 5));
    expect(again).toMatchObject({ accepted: 6, stored: 0 });
    expect(await spansOf(h.db, "p-reupload")).toBe(5);
    const where = rowsOf<{ partition: string; n: string }>(
      await h.db.execute(sql`SELECT tableoid::regclass::text AS partition, count(*) AS n
        FROM spans WHERE run_id = 'p-reupload' GROUP BY 1`),
    );
    expect(where).toEqual([{ partition: monthName(now), n: "5" }]);
  });

  test("ensurePartitions creates what is missing, once", async () => {
    const later = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 5, 15));
    expect(await ensurePartitions(h.db, now)).toEqual([]);
    expect(await ensurePartitions(h.db, later)).toEqual([0, 1, 2].map((add) => monthName(later, add)));
    expect(await ensurePartitions(h.db, later)).toEqual([]);
    expect(await preparePartitions(h.db, later)).toEqual([]);
  });

  test("a span whose month has no partition fails the upload instead of being refused", async () => {
    await h.db.execute(sql`INSERT INTO runs (run_id, stored_month) VALUES ('r-1999', '1999-01-01')`);
    await expect(ingestText(h.db, runText("r-1999", 2))).rejects.toThrow(/no partition of relation/);
    expect(await spansOf(h.db, "r-1999")).toBe(0);
    await h.db.execute(sql`DELETE FROM runs WHERE run_id = 'r-1999'`);
  });

  test("retention drops the expired months' partitions and exactly their runs", async () => {
    // January and February 2025 partitions (and March's), each holding runs; then a retention of 30 days on 5 March.
    await ensurePartitions(h.db, new Date("2025-01-10T00:00:00Z"));
    await storeRunsIn(h.db, "2025-01-01", ["r-jan-1", "r-jan-2"], 3);
    await storeRunsIn(h.db, "2025-02-01", ["r-feb"], 4);
    await storeRunsIn(h.db, null, ["r-now"], 2);
    const runsBefore = await count(h.db, sql`SELECT count(*) AS n FROM runs`);
    const spansBefore = await count(h.db, sql`SELECT count(*) AS n FROM spans`);

    const result = await applyRetention(h.db, "postgres", 30, new Date("2025-03-05T00:00:00Z"));
    expect(result).toEqual({ droppedPartitions: ["spans_2025_01"], deletedRuns: 2 });
    expect(await partitionNames(h.db)).not.toContain("spans_2025_01");
    expect(await count(h.db, sql`SELECT count(*) AS n FROM runs`)).toBe(runsBefore - 2);
    expect(await count(h.db, sql`SELECT count(*) AS n FROM spans`)).toBe(spansBefore - 6);
    expect(await count(h.db, sql`SELECT count(*) AS n FROM iterations WHERE run_id LIKE 'r-jan-%'`)).toBe(0);
    expect([await spansOf(h.db, "r-feb"), await spansOf(h.db, "r-now")]).toEqual([4, 2]);

    expect(await applyRetention(h.db, "postgres", 30, new Date("2025-03-05T00:00:00Z"))).toEqual({
      droppedPartitions: [],
      deletedRuns: 0,
    });
  });
});

describe.skipIf(!TEST_URL)("upgrading a Postgres database that holds spans", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "loopscope-migrations-"));
  const name = `loopscope_upgrade_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(TEST_URL ?? "", { max: 1, onnotice: () => {} });
  afterAll(async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end({ timeout: 1 });
    rmSync(dir, { recursive: true, force: true });
  });

  test("the migrations keep its rows and the spans table is attached whole as a partition, once", async () => {
    // The migrations up to 0008 (before stored_month), and rows written with that schema.
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const journalPath = path.join(dir, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number }[] };
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx <= 8) }));
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(TEST_URL ?? "");
    url.pathname = `/${name}`;
    const client = postgres(url.toString(), { max: 1, onnotice: () => {} });
    const other = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      const pg = drizzle(client, { schema });
      const db = pg as unknown as Db;
      await migrate(pg, { migrationsFolder: dir });
      await db.execute(sql`INSERT INTO runs (run_id) VALUES ('old-a'), ('old-b')`);
      await db.execute(sql`INSERT INTO spans (run_id, span_id, name, kind, t0, t1, duration_ms, ok)
        SELECT r, 's' || i, 'read_file', 'tool', now(), now(), 0, true
        FROM unnest(ARRAY['old-a', 'old-b']) AS r, generate_series(1, 50) AS i`);

      await migrate(pg, { migrationsFolder: MIGRATIONS_DIR });
      // Two processes starting at once: one converts, the other finds it done.
      const now = new Date();
      await Promise.all([
        preparePartitions(db, now),
        preparePartitions(drizzle(other, { schema }) as unknown as Db, now),
      ]);
      expect(await relkind(db)).toBe("p");
      expect(await partitionNames(db)).toEqual([0, 1, 2].map((add) => monthName(now, add)));
      expect(await spansOf(db, "old-a")).toBe(50);
      // The parent carries the schema's names; re-uploading a stored span adds nothing.
      const indexes = rowsOf<{ name: string }>(
        await db.execute(sql`SELECT relname AS name FROM pg_class WHERE relname LIKE 'spans\\_%' AND relkind = 'I'`),
      ).map((r) => r.name);
      expect(indexes.sort()).toEqual([
        "spans_run_id_span_id_stored_month_pk",
        "spans_run_name_t0_idx",
        "spans_run_t0_idx",
      ]);
      // The old table's key and foreign key became the parent's partitions' own: none doubled.
      const legacy = sql.raw(`'${monthName(now)}'::regclass`);
      const inherited = rowsOf<{ contype: string; child: boolean }>(
        await db.execute(sql`SELECT contype, conparentid <> 0 AS child FROM pg_constraint WHERE conrelid = ${legacy}`),
      );
      expect(inherited.sort((a, b) => a.contype.localeCompare(b.contype))).toEqual([
        { contype: "f", child: true },
        { contype: "p", child: true },
      ]);
      const legacyIndexes = await count(db, sql`SELECT count(*) AS n FROM pg_index WHERE indrelid = ${legacy}`);
      expect(legacyIndexes).toBe(3);
      expect((await ingestText(db, spanLine("old-a", "s1"))).stored).toBe(0);
      expect((await ingestText(db, spanLine("old-a", "s51"))).stored).toBe(1);
      expect(await spansOf(db, "old-a")).toBe(51);
    } finally {
      await Promise.all([client.end({ timeout: 1 }), other.end({ timeout: 1 })]);
    }
  });
});

describe.each(targets.filter((t) => t.name === "pglite"))("retention on $name", (target) => {
  const h = openForSuite(target);

  test("spans stays one plain table; the expired months' runs are deleted row by row", async () => {
    expect(await relkind(h.db)).toBe("r");
    await storeRunsIn(h.db, "2025-01-01", ["r-jan"], 3);
    await storeRunsIn(h.db, null, ["r-now"], 2);
    const result = await applyRetention(h.db, "pglite", 30, new Date("2025-03-05T00:00:00Z"));
    expect(result).toEqual({ droppedPartitions: [], deletedRuns: 1 });
    expect([await spansOf(h.db, "r-jan"), await spansOf(h.db, "r-now")]).toEqual([0, 2]);
    expect(await count(h.db, sql`SELECT count(*) AS n FROM runs`)).toBe(1);
    expect((await applyRetention(h.db, "pglite", 30, new Date("2025-03-05T00:00:00Z"))).deletedRuns).toBe(0);
  });
});

describe.each(targets)("periodic maintenance on $name", (target) => {
  const h = openForSuite(target);
  const saved = process.env.LOOPSCOPE_RETENTION_DAYS;
  afterAll(() => {
    if (saved === undefined) delete process.env.LOOPSCOPE_RETENTION_DAYS;
    else process.env.LOOPSCOPE_RETENTION_DAYS = saved;
  });

  test("keeps every run without LOOPSCOPE_RETENTION_DAYS, and with it deletes the expired ones", async () => {
    if (target.name === "postgres") await ensurePartitions(h.db, new Date("2020-01-10T00:00:00Z"));
    await storeRunsIn(h.db, "2020-01-01", ["r-2020"], 2);
    await storeRunsIn(h.db, null, ["r-today"], 3);
    delete process.env.LOOPSCOPE_RETENTION_DAYS;
    await runMaintenance(h.db, target.name);
    expect([await spansOf(h.db, "r-2020"), await spansOf(h.db, "r-today")]).toEqual([2, 3]);

    process.env.LOOPSCOPE_RETENTION_DAYS = "90";
    await runMaintenance(h.db, target.name);
    expect([await spansOf(h.db, "r-2020"), await spansOf(h.db, "r-today")]).toEqual([0, 3]);
    expect(await count(h.db, sql`SELECT count(*) AS n FROM runs`)).toBe(1);
    if (target.name === "postgres") {
      const names = await partitionNames(h.db);
      expect(names).not.toContain("spans_2020_01");
      expect(names).toEqual(expect.arrayContaining([monthName(new Date()), monthName(new Date(), MONTHS_AHEAD)]));
    }
  });
});
