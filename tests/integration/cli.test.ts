import { spawnSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { REPORT_KEYS } from "@/tests/support/analysis-report";
import { EXAMPLES } from "./support/ingest";

const cli = (...args: string[]) => {
  const r = spawnSync(process.execPath, ["bin/loopscope.mjs", ...args], { encoding: "utf8", timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe("npx loopscope analyze (offline gate)", () => {
  test("the stuck loop trips a breaker: exit 3, halt at iteration 11", () => {
    const r = cli("analyze", `${EXAMPLES}/stuck-loop.jsonl`);
    expect(r.code).toBe(3);
    expect(r.stdout).toContain("would have halted the run at iteration 11");
    expect(r.stderr).toContain("breaker tripped in: r-stuck-loop");
  });

  test("the healthy run passes the gate: exit 0", () => {
    const r = cli("analyze", `${EXAMPLES}/healthy-run.jsonl`);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("The loop breaker never opened");
  });

  test("--json prints the report with the contract's field names; --set overrides", () => {
    const r = cli("analyze", `${EXAMPLES}/harness-spans.jsonl`, "--json", "--set", "slow_ratio=1.5");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(Object.keys(report)).toEqual(REPORT_KEYS);
    expect(report.bottlenecks[0].reasons.map((x: { kind: string }) => x.kind)).toEqual(["slow", "failing"]);
  });

  test("rejected lines are named on stderr but leave the exit code alone without --strict: exit 0", () => {
    const r = cli("analyze", `${EXAMPLES}/bad-lines.jsonl`);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("bad-lines.jsonl: line 2: ");
    expect(r.stderr).toContain("6 line(s) rejected (the exit code ignores them; --strict makes them exit 1)");
  });

  test("--strict: any rejected line is exit 1", () => {
    const r = cli("analyze", `${EXAMPLES}/bad-lines.jsonl`, "--strict");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("6 line(s) rejected → exit 1 (--strict)");
  });

  test("--strict with clean files is exit 0", () => {
    expect(cli("analyze", `${EXAMPLES}/healthy-run.jsonl`, "--strict").code).toBe(0);
  });

  test("--strict: a tripped breaker's exit 3 wins over the rejected lines' 1", () => {
    const r = cli("analyze", `${EXAMPLES}/bad-lines.jsonl`, `${EXAMPLES}/stuck-loop.jsonl`, "--strict", "--json");
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("6 line(s) rejected (--strict, but a tripped breaker's exit 3 wins)");
    expect(r.stderr).toContain("breaker tripped in: r-stuck-loop → exit 3");
  });

  test("a bad --set is a usage error naming the setting: exit 1", () => {
    const r = cli("analyze", `${EXAMPLES}/harness-spans.jsonl`, "--set", "fail_max=zero");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("fail_max");
  });
});

describe("npx loopscope ingest", () => {
  test("an unreachable server is exit 2", () => {
    const r = cli("ingest", `${EXAMPLES}/harness-spans.jsonl`, "--url", "http://127.0.0.1:9");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("server unreachable");
  });
});
