// A synthetic agent run for the benchmarks: nested spans (an `iteration`
// container of kind agent with tool and llm calls under it), some failures,
// iterations and a few events — realistic sizes (~250 bytes a span line).
// Deterministic: a seeded PRNG, so every run of a benchmark sees the same data.

const TOOLS = [
  { name: "read_file", kind: "tool", ms: 40, fail: 0.01 },
  { name: "edit_file", kind: "tool", ms: 60, fail: 0.02 },
  { name: "run_tests", kind: "tool", ms: 9000, fail: 0.05 },
  { name: "search", kind: "tool", ms: 400, fail: 0.03 },
  { name: "http_get", kind: "tool", ms: 800, fail: 0.3 },
  { name: "run_shell", kind: "tool", ms: 1500, fail: 0.05 },
  { name: "llm_call", kind: "llm", ms: 5000, fail: 0.02 },
] as const;
const SPANS_PER_ITERATION = 50;
const START_S = 1_764_496_800;

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** JSONL lines of one run with `spans` spans in all (iteration containers included). */
export function* synthRunLines(runId: string, spans: number, seed = 42): Generator<string> {
  const rand = prng(seed);
  yield JSON.stringify({
    type: "run",
    run_id: runId,
    name: `synthetic ${spans} spans`,
    agent: "bench",
    started_at: START_S,
    labels: { bench: "yes" },
  });
  let t = START_S;
  let made = 0;
  for (let n = 1; made < spans; n++) {
    const itId = `it${n}`;
    const children: string[] = [];
    const t0 = t;
    for (let i = 0; i < SPANS_PER_ITERATION - 1 && made + children.length + 1 < spans; i++) {
      const tool = TOOLS[Math.floor(rand() * TOOLS.length)]!;
      const dur = (tool.ms * (0.3 + rand() * 1.4)) / 1000;
      const failed = rand() < tool.fail;
      const span: Record<string, unknown> = {
        type: "span",
        run_id: runId,
        span_id: `s${n}-${i}`,
        parent_id: itId,
        name: tool.name,
        kind: tool.kind,
        t0: +t.toFixed(6),
        t1: +(t + dur).toFixed(6),
        ok: !failed,
        error: failed ? `${tool.name} failed: HTTP 502 Bad Gateway` : "",
        iteration: n,
        task_id: `t-${1 + Math.floor(n / 20)}`,
      };
      if (tool.kind === "llm")
        Object.assign(span, {
          tokens_in: 2000 + Math.floor(rand() * 6000),
          tokens_out: 200 + Math.floor(rand() * 800),
          meta: { model: "claude-sonnet" },
        });
      else span.meta = { path: `src/module${Math.floor(rand() * 40)}.ts` };
      children.push(JSON.stringify(span));
      t += dur + 0.05;
    }
    yield JSON.stringify({
      type: "span",
      run_id: runId,
      span_id: itId,
      parent_id: null,
      name: "iteration",
      kind: "agent",
      t0: +t0.toFixed(6),
      t1: +t.toFixed(6),
      ok: true,
      error: "",
      iteration: n,
    });
    yield* children;
    made += children.length + 1;
    yield JSON.stringify({
      type: "iteration",
      run_id: runId,
      n,
      ts: +t.toFixed(6),
      task_id: `t-${1 + Math.floor(n / 20)}`,
      files_modified: rand() < 0.7 ? ["src/a.ts"] : [],
      tasks_completed: n % 20 === 0 ? 1 : 0,
      tokens_used: 5000 + Math.floor(rand() * 5000),
      errors: [],
      output_lines: 100 + Math.floor(rand() * 300),
      context_tokens: Math.floor(rand() * 150000),
      context_window: 200000,
    });
    if (rand() < 0.05)
      yield JSON.stringify({
        type: "event",
        run_id: runId,
        ts: +t.toFixed(6),
        kind: "permission_denied",
        tool: "Bash",
        detail: `rm -rf build${n}`,
      });
  }
}

/** Distinct span lines (for the 1 GB upload), up to `bytes` bytes in all. */
export function* synthBytes(runId: string, bytes: number): Generator<Buffer> {
  let sent = 0;
  let chunkNo = 0;
  while (sent < bytes) {
    const lines: string[] = [];
    for (const line of synthRunLines(runId, 10_000, chunkNo + 1)) {
      lines.push(line.replace(/"(span_id|parent_id)":"/g, `"$1":"c${chunkNo}-`));
    }
    const buf = Buffer.from(`${lines.join("\n")}\n`);
    if (sent + buf.length > bytes) return; // stay within the size asked for (an upload limit is inclusive)
    sent += buf.length;
    chunkNo += 1;
    yield buf;
  }
}
