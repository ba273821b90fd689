// docs/otlp.md#run-titles: a run the OTLP receiver creates is titled after its
// service and its first prompt or root operation, not its conversation id —
// set once, on a run without a name: a retried export keeps it. The /v1/traces
// handler called in-process on PGlite and Postgres with the repository's example.
import { describe, expect, test } from "vitest";
import { targets } from "./support/databases";
import { readRun } from "./support/otlp-db";
import { postOtlp } from "./support/otlp-http";
import { exampleTraces, jsonBytes, TRACE_RUN } from "./support/otlp-payloads";
import { serveDatabase } from "./support/route";

describe.each(targets)("OTLP run titles on $name", (target) => {
  const h = serveDatabase(target);

  test("the GenAI example's run is titled 'billing-fixer · ' and its root operation, once", async () => {
    const body = jsonBytes(exampleTraces());
    expect((await postOtlp("traces", body, { "content-type": "application/json" })).status).toBe(200);
    const { run } = await readRun(h.db, TRACE_RUN);
    expect(run?.name).toMatch(/^billing-fixer · .*Fixer/);
    await postOtlp("traces", body, { "content-type": "application/json" });
    expect((await readRun(h.db, TRACE_RUN)).run?.name).toBe(run?.name);
  });
});
