// docs/api.md#limits through POST /api/v1/ingest and POST /v1/traces on PGlite
// and Postgres: the caps count bytes after gunzip, so a small gzip that
// unpacks to gigabytes is cut off at the cap (413) without being held in
// memory; a JSON document, held whole, has its own smaller cap; a body of
// newlines is read at memory speed and stores nothing; records read before a
// cut are stored, and the 413 says how many.
import { afterEach, describe, expect, test } from "vitest";
import { POST } from "@/app/api/v1/ingest/route";
import { getRun } from "@/db/runs";
import { targets } from "./support/databases";
import { postOtlp } from "./support/otlp-http";
import { call, serveDatabase } from "./support/route";
import { gzipBomb, MiB, streamOf } from "./support/upload-bodies";

/** RSS growth allowed while a bomb is read: the caps hold at most one document (64 MiB) at a time. */
const RSS_GROWTH_MAX = 200 * MiB;

const upload = (body: Uint8Array, contentType: string) =>
  call(POST, "/api/v1/ingest", {}, {
    method: "POST",
    headers: { "content-type": contentType },
    body: streamOf(body),
    duplex: "half",
  } as RequestInit);

/** The call's result and the largest RSS growth seen while it ran (sampled every 20 ms). */
async function withPeakRss<T>(run: () => Promise<T>): Promise<{ result: T; growth: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growth: peak - before };
  } finally {
    clearInterval(timer);
  }
}

afterEach(() => {
  delete process.env.LOOPSCOPE_MAX_UPLOAD_MB;
  delete process.env.LOOPSCOPE_MAX_DOCUMENT_MB;
});

describe.each(targets)("size limits on $name", (target) => {
  const suite = serveDatabase(target);

  test("a 2 MB gzip sent as JSON that unpacks to 2 GiB: 413 at the 1 GiB cap, nothing held", async () => {
    const bomb = gzipBomb(0, 2048);
    expect(bomb.byteLength).toBeLessThan(3 * MiB);
    const { result, growth } = await withPeakRss(() => upload(bomb, "application/json"));
    expect(result.status).toBe(413);
    expect(result.body.error.message).toMatch(/over the 1024 MiB limit once unpacked \(LOOPSCOPE_MAX_UPLOAD_MB\)/);
    expect(result.body.error.details).toMatchObject({ limit_bytes: 1024 * MiB, accepted: 0 });
    expect(growth).toBeLessThan(RSS_GROWTH_MAX);
    expect(process.memoryUsage().rss).toBeLessThan(1024 * MiB);
  });

  test("a JSON document that unpacks past 64 MiB: 413 naming LOOPSCOPE_MAX_DOCUMENT_MB and JSONL", async () => {
    const { result, growth } = await withPeakRss(() => upload(gzipBomb(32, 2048, "["), "application/json"));
    expect(result.status).toBe(413);
    expect(result.body.error.message).toMatch(
      /one JSON document.*over the 64 MiB limit.*LOOPSCOPE_MAX_DOCUMENT_MB.*JSONL/,
    );
    expect(growth).toBeLessThan(RSS_GROWTH_MAX);
  });

  test("a plain JSON array over a lowered document cap: 413, and nothing of it stored", async () => {
    process.env.LOOPSCOPE_MAX_DOCUMENT_MB = "0.05";
    const records = Array.from({ length: 2000 }, (_, i) => ({ run_id: "r-doc-cap", name: `s${i}`, t0: i, t1: i + 1 }));
    const res = await upload(Buffer.from(JSON.stringify(records)), "application/json");
    expect(res.status).toBe(413);
    expect(res.body.error.message).toContain("0.05 MiB");
    expect(await getRun(suite.db, "r-doc-cap")).toBeNull();
  });

  test("1 GiB of gzipped newlines, exactly the cap, is read through and stores nothing", async () => {
    const res = await upload(gzipBomb(10, 1024), "application/x-ndjson");
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "nothing_valid", details: { accepted: 0, rejected: 0 } });
  });

  test("the records before a cut are stored and counted in the 413", async () => {
    process.env.LOOPSCOPE_MAX_UPLOAD_MB = "0.25";
    const line = `${JSON.stringify({ run_id: "r-cut", name: "call", t0: 1, t1: 2 })}\n`;
    const body = Buffer.from(line.repeat(Math.ceil((0.5 * MiB) / line.length)));
    const res = await upload(body, "application/x-ndjson");
    expect(res.status).toBe(413);
    const stored = res.body.error.details.accepted as number;
    expect(stored).toBeGreaterThan(0);
    expect(stored * line.length).toBeLessThanOrEqual(0.25 * MiB);
    expect(res.body.error.message).toContain(`${stored} record(s) were stored before it was cut off`);
    expect((await getRun(suite.db, "r-cut"))?.counts.spans).toBeGreaterThan(0);
  });

  test("OTLP: a gzip bomb is cut off at LOOPSCOPE_OTLP_MAX_MB after gunzip, nothing held", async () => {
    const { result, growth } = await withPeakRss(() =>
      postOtlp("traces", streamOf(gzipBomb(0, 2048)), {
        "content-type": "application/json",
        "content-encoding": "gzip",
      }),
    );
    expect(result).toMatchObject({ status: 413, body: { code: 8 } });
    expect(growth).toBeLessThan(RSS_GROWTH_MAX);
  });
});
