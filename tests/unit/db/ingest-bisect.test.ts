// db/ingest-bisect.ts: a batch the database refuses for its data is split until
// the refused records are alone; they are reported by index, the rest written
// in batch order. Other failures pass through untouched. The database is a
// fake here: it refuses any slice holding a "bad" item with a SQLSTATE.
import { describe, expect, test } from "vitest";
import { writeRefusingBadRecords } from "@/db/ingest-bisect";

const sqlError = (code: string) => Object.assign(new Error("Failed query: INSERT …"), { code });

function fakeDb(refuse: (item: string) => string | null) {
  const written: string[] = [];
  let attempts = 0;
  const write = async (items: string[]) => {
    attempts += 1;
    for (const item of items) {
      const code = refuse(item);
      if (code) throw new Error("Failed query", { cause: sqlError(code) });
    }
    written.push(...items);
    return items.length;
  };
  return { write, written, attempts: () => attempts };
}

const batch = (n: number, bad: number[]) =>
  Array.from({ length: n }, (_, i) => (bad.includes(i) ? `bad${i}` : `ok${i}`));

describe("bisecting a refused batch", () => {
  test("a clean batch is one write and reports only how many records were new", async () => {
    const db = fakeDb(() => null);
    expect(await writeRefusingBadRecords(batch(5000, []), db.write)).toEqual({ stored: 5000 });
    expect(db.attempts()).toBe(1);
  });

  test.each([
    ["a data exception (class 22)", "22021", "the database refused this record: data exception"],
    ["a constraint (class 23)", "23502", "the database refused this record: integrity constraint violation"],
    ["a program limit (class 54)", "54000", "the database refused this record: program limit exceeded"],
  ])("%s: only the refused records are reported, by index", async (_rule, code, reason) => {
    const db = fakeDb((item) => (item.startsWith("bad") ? code : null));
    const outcome = await writeRefusingBadRecords(batch(5000, [0, 1234, 4999]), db.write);
    expect(outcome).toEqual({
      refused: [0, 1234, 4999].map((index) => ({ index, reason })),
      stored: 4997,
    });
    expect(db.written).toEqual(batch(5000, [0, 1234, 4999]).filter((i) => i.startsWith("ok")));
    // About 2 · log2(5000) writes per refused record, not one per record.
    expect(db.attempts()).toBeLessThan(3 * 2 * 13);
  });

  test("the rest is written in batch order: the first record of an id still wins", async () => {
    const db = fakeDb((item) => (item === "bad3" ? "22P05" : null));
    await writeRefusingBadRecords(batch(9, [3]), db.write);
    expect(db.written).toEqual(["ok0", "ok1", "ok2", "ok4", "ok5", "ok6", "ok7", "ok8"]);
  });

  test("a value JavaScript cannot encode (RangeError) is refused like one the database cannot hold", async () => {
    const write = async (items: string[]) => {
      if (items.includes("bad1")) throw new RangeError("Invalid time value");
      return items.length;
    };
    expect(await writeRefusingBadRecords(batch(3, [1]), write)).toEqual({
      refused: [{ index: 1, reason: "the database refused this record: value out of range for encoding" }],
      stored: 2,
    });
  });

  test.each([
    ["a lost connection", Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })],
    ["a server shutting down (57P01)", sqlError("57P01")],
    ["a bug", new TypeError("x is not a function")],
  ])("%s is rethrown, not bisected", async (_rule, err) => {
    let attempts = 0;
    const write = async () => {
      attempts += 1;
      throw err;
    };
    await expect(writeRefusingBadRecords(batch(100, []), write)).rejects.toBe(err);
    expect(attempts).toBe(1);
  });
});
