// The gate between requests and background work on PGlite (db/pglite-gate.ts),
// on a real PGlite: the order queries finish in, never their timing. A slow
// query is a count over a generated series (tens of ms of PGlite's thread).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, rowsOf, type DbHandle } from "@/db/client";
import { inBackground, type BackgroundKind } from "@/db/pglite-gate";
import { getAnalysis } from "@/app/_server/analysis";
import { ingestText } from "./support/ingest";

const SLOW = sql`SELECT count(*)::int AS n FROM generate_series(1, 100000)`;

describe("the PGlite gate: requests before background work", () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openDatabase({ memory: true });
  });
  afterAll(async () => {
    await h?.close();
  });

  /**
   * An analysis of `queries` queries in a row, and a promise that resolves once the
   * first is done: the test issues its queries while the next one waits at the gate.
   */
  const startAnalysis = (done: string[], queries: number) => {
    let firstDone!: () => void;
    const between = new Promise<void>((resolve) => (firstDone = resolve));
    const analysis = inBackground(async () => {
      await run(done, "analysis 1", null);
      firstDone();
      for (let k = 2; k <= queries; k++) await run(done, `analysis ${k}`, null);
    });
    return { between, analysis };
  };

  /** Runs `query` as `kind` work (or as a request), recording `label` when it finishes. */
  const run = (done: string[], label: string, kind: BackgroundKind | null, query = SLOW) => {
    const go = () => h.db.execute(query).then((r) => (done.push(label), rowsOf<{ n: number }>(r)));
    return kind ? inBackground(go, kind) : go();
  };

  test("a request's query issued while background queries wait runs before all of them", async () => {
    const done: string[] = [];
    const background = [1, 2, 3].map((k) => run(done, `analysis ${k}`, "analysis"));
    const request = run(done, "request", null);
    await Promise.all([...background, request]);
    expect(done[0]).toBe("request");
    expect(done.slice(1).sort()).toEqual(["analysis 1", "analysis 2", "analysis 3"]);
  });

  test("a request arriving between an analysis's queries goes before its next one", async () => {
    const done: string[] = [];
    const { between, analysis } = startAnalysis(done, 2);
    await between; // the analysis's second query is now waiting at the gate
    await run(done, "request", null);
    await analysis;
    expect(done).toEqual(["analysis 1", "request", "analysis 2"]);
  });

  test("while an analysis runs, its queries go before the bulk reads that arrived meanwhile", async () => {
    const done: string[] = [];
    const { between, analysis } = startAnalysis(done, 3);
    await between;
    const bulk = [1, 2].map((k) => run(done, `bulk ${k}`, "bulk"));
    await Promise.all([analysis, ...bulk]);
    expect(done).toEqual(["analysis 1", "analysis 2", "analysis 3", "bulk 1", "bulk 2"]);
  });

  test("background work waits for a request's open transaction to end", async () => {
    const done: string[] = [];
    let background: Promise<unknown> = Promise.resolve();
    await h.db.transaction(async (tx) => {
      await tx.execute(SLOW);
      background = run(done, "analysis", "analysis");
      // A turn of the event loop inside the transaction: the gate must not let the analysis in.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.execute(SLOW);
      done.push("transaction");
    });
    await background;
    expect(done).toEqual(["transaction", "analysis"]);
  });

  test("an urgent analysis (the guard's turn end) runs before background queries queued ahead of it; a plain one after them", async () => {
    const span = (i: number) =>
      `{"run_id":"r-urgent","name":"bash","t0":"2026-02-03T11:00:1${i}Z","t1":"2026-02-03T11:00:1${i}.5Z"}\n`;
    const order = async (urgent: boolean, i: number) => {
      await ingestText(h.db, span(i)); // a new data version: nothing cached
      const done: string[] = [];
      const background = [1, 2, 3].map((k) => run(done, `analysis ${k}`, "analysis"));
      const analysis = getAnalysis(h.db, "r-urgent", {}, { urgent }).then(() => done.push("report"));
      await Promise.all([...background, analysis]);
      return done;
    };
    expect((await order(false, 0)).indexOf("report")).toBe(3);
    expect((await order(true, 1)).indexOf("report")).toBeLessThan(2);
  });

  test("results and errors pass through, and a failed background query does not stop the next", async () => {
    const done: string[] = [];
    const [row] = await run(done, "counted", "analysis");
    expect(row?.n).toBe(100000);
    await expect(inBackground(() => h.db.execute(sql`SELECT * FROM no_such_table`))).rejects.toThrow(/no_such_table/);
    const [after] = await run(done, "after the failure", "bulk", sql`SELECT 7 AS n`);
    expect(after?.n).toBe(7);
  });
});
