// docs/import.md#mini-swe-agent-trajectories: a mini-swe-agent trajectory →
// one autonomous run, one iteration per assistant message (a step), an llm
// span per reply and a bash span per command.
//
//   django__django-1 (created 100, 110, 120, 130 s after START)
//   step 1  ls                       rc 0
//   step 2  pytest tests/test_x.py   rc 1: Traceback … ValueError: bad total
//   step 3  two bash blocks          → "Please always provide EXACTLY ONE action…, found 2 actions."
//   step 4  echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT   (no observation: the run stopped on it)
import { describe, expect, test } from "vitest";
import { ESTIMATE_ANCHOR_US } from "@/lib/import/claude-code-stream";
import { miniSweAgentImporter } from "@/lib/import/mini-swe-agent";
import { readMiniObservation } from "@/lib/import/mini-swe-agent-observation";
import { readMessages } from "@/lib/import/mini-swe-agent-steps";
import { shellEditsOf, shellEditTextsOf } from "@/lib/import/trajectory-output";
import type { StoredIteration, StoredRecord, StoredRun, StoredSpan } from "@/lib/schemas/records";
import { importFixture, importFixtures } from "@/tests/support/import";

type Json = Record<string, unknown>;
const START_S = 1_763_510_000;
const S = 1_000_000;

const reply = (text: string, createdS: number | null, usage: Json = {}): Json => ({
  role: "assistant",
  content: text,
  extra: {
    response: {
      id: `gen-${createdS}`,
      model: "google/gemini-3-pro-preview",
      ...(createdS !== null ? { created: START_S + createdS } : {}),
      usage: { prompt_tokens: 1000, completion_tokens: 50, prompt_tokens_details: { cached_tokens: 600 }, ...usage },
    },
  },
});
const bash = (command: string) => `THOUGHT: next.\n\n\`\`\`bash\n${command}\n\`\`\``;
const observation = (rc: number, output: string): Json => ({
  role: "user",
  content: `<returncode>${rc}</returncode>\n<output>\n${output}</output>`,
});
const TRACEBACK =
  'Traceback (most recent call last):\n  File "x.py", line 3, in <module>\n    total()\nValueError: bad total\n';
const FORMAT_ERROR = "Please always provide EXACTLY ONE action in triple backticks, found 2 actions.\n\nPlease format…";

function trajectory(opts: { times?: boolean; exit?: string; info?: Json; id?: string | null } = {}): string {
  const at = (s: number) => (opts.times === false ? null : s);
  const messages = [
    { role: "system", content: "You are a helpful assistant." },
    { role: "user", content: "<pr_description>\nFix the invoice total.\n</pr_description>" },
    reply(bash("ls"), at(100), { cost: 0.004 }),
    observation(0, "a.py\nb.py\n"),
    reply(bash("pytest tests/test_x.py"), at(110)),
    observation(1, TRACEBACK),
    reply(`${bash("ls")}\n\n${bash("cat a.py")}`, at(120)),
    { role: "user", content: FORMAT_ERROR },
    reply(bash("echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git diff --cached"), at(130)),
  ];
  const info = {
    exit_status: opts.exit ?? "Submitted",
    model_stats: { instance_cost: 0.01, api_calls: 4 },
    mini_version: "1.15.0",
    ...opts.info,
  };
  const id = opts.id === undefined ? "django__django-1" : opts.id;
  return JSON.stringify({
    info,
    messages,
    trajectory_format: "mini-swe-agent-1",
    ...(id !== null ? { instance_id: id } : {}),
  });
}

const spans = (rs: StoredRecord[], kind: string) =>
  rs.filter((r): r is StoredSpan => r.type === "span" && r.kind === kind);
const iterations = (rs: StoredRecord[]) =>
  rs.filter((r): r is StoredIteration => r.type === "iteration").sort((a, b) => a.n - b.n);
const runOf = (rs: StoredRecord[]) => rs.find((r): r is StoredRun => r.type === "run");
const sec = (us: number) => (us - START_S * S) / S;

describe("a mini-swe-agent trajectory", async () => {
  const { records, errors, runs, format } = await importFixture(null, trajectory(), {
    fileName: "django__django-1.traj.json",
  });

  test("is detected from its content and becomes run <instance_id>, autonomous, named after the instance", () => {
    expect([format, errors, runs]).toEqual(["mini-swe-agent", [], ["django__django-1"]]);
    expect(runOf(records)).toMatchObject({
      name: "django__django-1",
      agent: "mini-swe-agent",
      shape: "autonomous",
      labels: {
        instance_id: "django__django-1",
        exit_status: "Submitted",
        model: "google/gemini-3-pro-preview",
        mini_version: "1.15.0",
      },
      attrs: { instance_cost: 0.01, api_calls: 4 },
    });
  });

  test("a Submitted run's outcome is unknown until a grader says", () => {
    expect(runOf(records)?.outcome).toEqual({ status: "unknown", score: null, source: "file", detail: "Submitted" });
  });

  test("each assistant message is one iteration, numbered 1, 2, … with a step source key", () => {
    const its = iterations(records);
    expect(its.map((it) => [it.n, it.attrs.source_key])).toEqual([
      [1, "django__django-1#step-00001"],
      [2, "django__django-1#step-00002"],
      [3, "django__django-1#step-00003"],
      [4, "django__django-1#step-00004"],
    ]);
  });

  test("every span carries its step's n: the reply's llm span and the command it ran", () => {
    expect(spans(records, "llm").map((s) => s.iteration)).toEqual([1, 2, 3, 4]);
    expect(spans(records, "tool").map((s) => [s.spanId, s.iteration])).toEqual([
      ["django__django-1:step-1:call-1", 1],
      ["django__django-1:step-2:call-1", 2],
      ["django__django-1:step-4:call-1", 4],
    ]);
  });

  test("a command is a bash span with the command as input; a non-zero return code fails it with the exception line", () => {
    const tools = spans(records, "tool");
    expect(tools.map((s) => [s.spanId, s.name, s.input, s.ok, s.error])).toEqual([
      ["django__django-1:step-1:call-1", "bash", "ls", true, ""],
      ["django__django-1:step-2:call-1", "bash", "pytest tests/test_x.py", false, "ValueError: bad total"],
      [
        "django__django-1:step-4:call-1",
        "bash",
        "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git diff --cached",
        true,
        "",
      ],
    ]);
    expect(tools[0]?.output).toBe("a.py\nb.py\n");
    expect(tools[1]?.meta).toMatchObject({ exit_code: 1 });
    expect(iterations(records)[1]?.errors).toEqual(["ValueError: bad total"]);
  });

  test("a reply without exactly one bash block runs nothing: a step with a format_error event, no error of its own", () => {
    const step3 = iterations(records)[2];
    expect(step3?.errors).toEqual([]);
    const formatErrors = records.filter((r) => r.type === "event" && r.kind === "format_error");
    expect(formatErrors.map((e) => (e.type === "event" ? [e.detail, e.attrs.source_id] : null))).toEqual([
      [
        "Please always provide EXACTLY ONE action in triple backticks, found 2 actions.",
        "django__django-1:step-3:format",
      ],
    ]);
    expect(spans(records, "tool").some((s) => s.spanId?.includes(":step-3:"))).toBe(false);
    expect(spans(records, "llm").some((s) => s.spanId === "django__django-1:step-3:llm")).toBe(true);
  });

  test("the llm span carries the reply's model and tokens, the cached share in meta, its own cost or the rest of instance_cost", () => {
    const llms = spans(records, "llm");
    expect(llms[0]).toMatchObject({
      name: "google/gemini-3-pro-preview",
      tokensIn: 1000,
      tokensOut: 50,
      costUsd: 0.004,
    });
    expect(llms[0]?.meta).toMatchObject({ cached_input_tokens: 600, response_id: "gen-100" });
    // 0.01 − 0.004 is spread evenly over the three calls of equal tokens
    for (const l of llms.slice(1)) expect(l.costUsd).toBeCloseTo(0.002, 9);
    const it = iterations(records)[0];
    expect([it?.tokensUsed, it?.attrs.cache_read_tokens, it?.apiCalls, it?.contextTokens]).toEqual([450, 600, 1, 1000]);
  });

  test("an llm span ends at its reply's created time; a command takes a quarter of the gap to the next reply", () => {
    const llms = spans(records, "llm");
    const tools = spans(records, "tool");
    expect(llms.map((s) => sec(s.t1Us))).toEqual([100, 110, 120, 130]);
    expect(tools.map((s) => [sec(s.t0Us), sec(s.t1Us)])).toEqual([
      [100, 102.5],
      [110, 112.5],
      [130, 130],
    ]);
    // each call starts just after the step before it ended
    expect(sec(llms[1]?.t0Us ?? 0)).toBeCloseTo(102.5, 5);
    // the first call starts the median gap per message weight (2.5 s × 3) before its reply
    expect(sec(llms[0]?.t0Us ?? 0)).toBeCloseTo(92.5, 5);
    expect(runOf(records)?.labels.timing).toBeUndefined();
  });

  test("importing it again gives identical records", async () => {
    const again = await importFixture(null, trajectory(), { fileName: "django__django-1.traj.json" });
    expect(again.records).toEqual(records);
  });
});

describe("run ids, outcomes and times", () => {
  test("the upload's run id wins; without instance_id the file name without .traj.json names the run", async () => {
    expect((await importFixture(null, trajectory(), { runId: "batch-7" })).runs).toEqual(["batch-7"]);
    const r = await importFixture(null, trajectory({ id: null }), { fileName: "task-9.traj.json" });
    expect(r.runs).toEqual(["task-9"]);
    expect(runOf(r.records)?.name).toBe("Fix the invoice total.");
  });

  test("two trajectories uploaded under one run id keep their own steps and span ids; spans follow their steps' placed numbers", async () => {
    const files = ["a-1", "b-2"].map((id) => ({ text: trajectory({ id }), ctx: { runId: "batch" } }));
    const r = await importFixtures(null, files);
    expect(r.runs).toEqual(["batch"]);
    expect(iterations(r.records)).toHaveLength(8);
    const nOfKey = new Map(iterations(r.records).map((it) => [it.attrs.source_key, it.n]));
    const llm = spans(r.records, "llm");
    expect(llm.map((sp) => sp.iteration)).toEqual(llm.map((sp) => nOfKey.get(sp.meta.iteration_key)));
    expect(new Set(llm.map((sp) => sp.iteration))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8]));
    const ids = [...spans(r.records, "llm"), ...spans(r.records, "tool")].map((sp) => sp.spanId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain("b-2:step-1:llm");
  });

  test("an exit status other than Submitted is a failure with the status as detail", async () => {
    const r = await importFixture(null, trajectory({ exit: "LimitsExceeded" }));
    expect(runOf(r.records)?.outcome).toMatchObject({ status: "failure", detail: "LimitsExceeded" });
  });

  test("without any time the messages are a second apart, ending at the file's time, and the run says so", async () => {
    const endUs = Date.UTC(2026, 0, 5) * 1000;
    const r = await importFixture(null, trajectory({ times: false }), { endedAtUs: endUs });
    const llms = spans(r.records, "llm");
    expect(llms.map((s) => (s.t1Us - endUs) / S)).toEqual([-6, -4, -2, 0]);
    expect(runOf(r.records)?.labels).toMatchObject({ timing: "estimated" });
    expect(runOf(r.records)?.labels.time_anchor).toBeUndefined();
    const fixed = await importFixture(null, trajectory({ times: false }));
    expect(spans(fixed.records, "llm").at(-1)?.t1Us).toBe(ESTIMATE_ANCHOR_US);
    expect(runOf(fixed.records)?.labels).toMatchObject({ timing: "estimated", time_anchor: "fixed" });
  });

  test("a malformed document is refused with the field named, not a crash", async () => {
    const r = await importFixture(miniSweAgentImporter, JSON.stringify({ info: {}, messages: "none" }));
    expect(r.errors).toEqual([{ line: 1, message: 'mini-swe-agent: "messages" is missing or not a list' }]);
    const bad = await importFixture(miniSweAgentImporter, JSON.stringify({ info: 3, messages: [] }));
    expect(bad.errors[0]?.message).toBe('mini-swe-agent: "info" is not an object');
  });
});

describe("mini-swe-agent 2 trajectories", () => {
  test("extra.actions are the commands, observation timestamps end them, the exit message is no step", async () => {
    const messages = [
      { role: "system", content: "sys" },
      { role: "user", content: "task" },
      { role: "assistant", content: "look", extra: { actions: [{ command: "ls" }], timestamp: START_S + 10 } },
      {
        role: "user",
        content: "<returncode>0</returncode>\n<output>\na\n</output>",
        extra: { returncode: 0, raw_output: "a\n", timestamp: START_S + 14 },
      },
      {
        role: "user",
        content: "Format error: no tool call",
        extra: { interrupt_type: "FormatError", timestamp: START_S + 20 },
      },
      { role: "exit", content: "", extra: { exit_status: "LimitsExceeded", submission: "" } },
    ];
    const text = JSON.stringify({
      info: { model_stats: { instance_cost: 0 } },
      messages,
      trajectory_format: "mini-swe-agent-1.1",
      instance_id: "x-2",
    });
    const r = await importFixture(null, text);
    expect(r.format).toBe("mini-swe-agent");
    expect(spans(r.records, "tool").map((s) => [s.input, sec(s.t0Us), sec(s.t1Us)])).toEqual([["ls", 10, 14]]);
    expect(iterations(r.records).map((it) => it.errors)).toEqual([[], []]);
    expect(r.records.flatMap((e) => (e.type === "event" && e.kind === "format_error" ? [e.detail] : []))).toEqual([
      "Format error: no tool call",
    ]);
    expect(runOf(r.records)?.outcome).toMatchObject({ status: "failure", detail: "LimitsExceeded" });
  });
});

describe("files read and reverted edits", () => {
  test("a command's simple reads are files_read; a git checkout of an edited file, or a heredoc restoring one, is reverted", async () => {
    const steps: [string, number][] = [
      ["nl -ba src/a.py | sed -n '1,20p'", 0],
      ["cat nope.py", 1], // failed: read nothing
      ["cat <<'EOF' > repro.py\nprint(1)\nEOF\npython repro.py", 0],
      ["sed -i 's/x = 1/x = 2/' src/a.py", 0], // its replaced text is not known: cannot tell
      ["git checkout src/a.py && cat src/b.py", 0], // puts back the file the sed edited
      ['grep -rn "x" src/', 0],
      ["cat <<'EOF' > repro.py\nprint(2)\nEOF", 0],
      ["cat <<'EOF' > repro.py\nprint(1)\nEOF", 0], // the content before the previous write
    ];
    const messages = [
      { role: "system", content: "You are a helpful assistant." },
      { role: "user", content: "Fix a.py" },
      ...steps.flatMap(([command, rc], i) => [reply(bash(command), 100 + 10 * i), observation(rc, "")]),
    ];
    const doc = { info: { exit_status: "Submitted" }, messages, instance_id: "django__django-2" };
    const { records, errors } = await importFixture(miniSweAgentImporter, JSON.stringify(doc));
    expect(errors).toEqual([]);
    expect(iterations(records).map((it) => [it.attrs.files_read, it.reverted, it.attrs.reverted_edits])).toEqual([
      [["src/a.py"], false, 0],
      [[], false, 0],
      [[], false, 0],
      [[], null, undefined],
      [["src/b.py"], true, 1],
      [[], false, 0],
      [[], false, 0],
      [[], true, 1],
    ]);
  });
});

describe("observations and edits", () => {
  const obs = (content: string, extra: Json = {}) =>
    readMiniObservation(readMessages([{ role: "user", content, extra }])[0]!);

  test.each([
    ["<returncode>0</returncode>\n<output>\nok\n</output>", true, ""],
    ["<returncode>2</returncode>\n<output>\n</output>", false, "exit code 2"],
    [
      "<returncode>1</returncode>\n<output>\nrunning 3 tests\nFAILED t.py::test_a - assert 1 == 2\n</output>",
      false,
      "FAILED t.py::test_a - assert 1 == 2",
    ],
    [
      "The last command <command>sleep 99</command> timed out and has been killed.\n<output>\n</output>",
      false,
      "the command timed out and was killed",
    ],
  ])("%j → ok %s, error %j", (content, ok, error) => {
    expect(obs(content)).toMatchObject({ ok, error });
  });

  test("a long output keeps its head and tail around the elided count", () => {
    const content =
      "<returncode>0</returncode>\n<warning>\ntoo long\n</warning><output_head>\nfirst\n</output_head>\n<elided_chars>\n900 characters elided\n</elided_chars>\n<output_tail>\nlast\n</output_tail>";
    expect(obs(content).output).toBe("first\n\n[… 900 characters elided …]\nlast\n");
  });

  test("heredoc writes and sed -i name the files they change", () => {
    expect(shellEditsOf("cat <<'EOF' > src/a.py\nx = 1\ny = 2\nEOF")).toEqual([
      { path: "src/a.py", added: 2, removed: 0 },
    ]);
    expect(shellEditsOf("sed -i 's/a|b/c/' src/b.py src/c.py && python t.py")).toEqual([
      { path: "src/b.py", added: 0, removed: 0 },
      { path: "src/c.py", added: 0, removed: 0 },
    ]);
    expect(shellEditsOf("sed -n '1,5p' src/b.py; cat src/a.py > /dev/null")).toEqual([]);
  });

  test("a heredoc written over a file is its whole text; one appended and a sed -i are edits without their text", () => {
    const command =
      "cat <<'EOF' > a.py\nx = 1\nEOF\ncat >> log.txt <<EOF\nmore\nEOF\nsed -i 's/1/2/' a.py && git checkout b.py";
    expect(shellEditTextsOf(command)).toEqual([
      { kind: "write", path: "a.py", after: "x = 1" },
      { kind: "opaque", path: "log.txt" },
      { kind: "opaque", path: "a.py" },
      { kind: "restore", path: "b.py" },
    ]);
  });
});
