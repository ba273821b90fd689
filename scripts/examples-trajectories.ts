// The agent-trajectory examples of `npm run examples` (see scripts/examples.ts):
// a mini-swe-agent run stuck on one failing test from its first step until
// its step limit, a mini-swe-agent run that fixes the bug and submits, and a
// SWE-agent run that retries the same refused edit from its first step until
// its cost limit — stuck from step 1, so that the session profile
// (lib/analysis/shape-profiles.ts) can stop them at step 3. Written as the
// agents write them (docs/import.md#mini-swe-agent-trajectories,
// docs/import.md#swe-agent-trajectories); deterministic: fixed times and ids.

type Json = Record<string, unknown>;
const MODEL = "anthropic/claude-sonnet-4-5-20250929";
const START_S = Date.UTC(2026, 2, 4, 10, 0) / 1000;
const FILE = "src/billing/invoice.py";
const TEST = "python -m pytest tests/test_invoice.py -q --tb=no";
const ASSERTION = "AssertionError: assert Decimal('10.00') == Decimal('10.01')";

const SYSTEM =
  "You are a helpful assistant that can interact multiple times with a computer shell to solve programming tasks.\n" +
  "Your response must contain exactly ONE bash code block with ONE command (or commands connected with && or ||).";
const TASK =
  "<pr_description>\nConsider the following PR description:\n" +
  "Invoice totals round half-cents down: 10.005 becomes 10.00, it should be 10.01.\n</pr_description>";
const FORMAT_ERROR =
  "Please always provide EXACTLY ONE action in triple backticks, found 2 actions.\n\n" +
  "Please format your action in triple backticks as shown in <response_example>.";

/** pytest -q --tb=no: the summary alone (the error a step keeps: its FAILED line). */
const TEST_FAILS = [
  "F...........                                                             [100%]",
  "=========================== short test summary info ============================",
  `FAILED tests/test_invoice.py::test_rounds_half_up - ${ASSERTION}`,
  "1 failed, 11 passed in 0.31s",
  "",
].join("\n");
const TEST_PASSES =
  "............                                                             [100%]\n12 passed in 0.29s\n";
const SOURCE = [
  "from decimal import Decimal, ROUND_HALF_EVEN",
  "",
  "def total(amounts):",
  '    return sum(amounts, Decimal("0")).quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN)',
].join("\n");

/** One step: the reply's thought and command (or several commands: a format error), and what the shell said. */
type MiniStep = { thought: string; commands: string[]; rc?: number; output?: string; llmS: number; runS: number };

function miniTrajectory(instanceId: string, exitStatus: string, steps: MiniStep[], trailer: Json[]): string {
  const messages: Json[] = [
    { role: "system", content: SYSTEM },
    { role: "user", content: TASK },
  ];
  let clockS = START_S;
  let context = 1_800;
  let cost = 0;
  steps.forEach((s, i) => {
    clockS += s.llmS;
    const blocks = s.commands.map((c) => "```bash\n" + c + "\n```").join("\n\n");
    const usage = { prompt_tokens: context, completion_tokens: 120 + 10 * (i % 3), total_tokens: context + 120 };
    const callCost = Math.round((context * 3 + usage.completion_tokens * 15) / 1e3) / 1e3;
    cost += callCost;
    const details = { cached_tokens: i === 0 ? 0 : context - 400 };
    messages.push({
      role: "assistant",
      content: `THOUGHT: ${s.thought}\n\n${blocks}`,
      extra: {
        response: {
          id: `gen-${instanceId}-${i + 1}`,
          model: MODEL,
          created: clockS,
          usage: { ...usage, prompt_tokens_details: details, cost: callCost },
        },
      },
    });
    if (s.commands.length !== 1) messages.push({ role: "user", content: FORMAT_ERROR });
    else if (s.rc !== undefined)
      messages.push({
        role: "user",
        content: `<returncode>${s.rc}</returncode>\n<output>\n${s.output ?? ""}</output>`,
      });
    clockS += s.runS;
    context += 450;
  });
  messages.push(...trailer);
  const info = {
    exit_status: exitStatus,
    submission: exitStatus === "Submitted" ? "diff --git a/src/billing/invoice.py b/src/billing/invoice.py\n" : "",
    model_stats: { instance_cost: Math.round(cost * 1e6) / 1e6, api_calls: steps.length },
    mini_version: "1.15.0",
    config: { agent: { step_limit: 8, cost_limit: 3 }, model: { model_name: MODEL } },
  };
  return (
    JSON.stringify({ info, messages, trajectory_format: "mini-swe-agent-1", instance_id: instanceId }, null, 2) + "\n"
  );
}

/**
 * A mini-swe-agent run stuck from its first step (8 steps, its step limit): its
 * `sed` looks for ROUND_HALF_DOWN, which the file does not hold, so nothing
 * changes, and it re-runs the same failing test; one reply holds two commands.
 */
function stuckMini(): string {
  const test = (thought: string): MiniStep => ({
    thought,
    commands: [TEST],
    rc: 1,
    output: TEST_FAILS,
    llmS: 8,
    runS: 2,
  });
  const steps: MiniStep[] = [
    test("Reproduce the failure first."),
    {
      thought: "Half-cents round down, so it must use ROUND_HALF_DOWN: switch to ROUND_HALF_UP and test.",
      commands: [`sed -i 's/ROUND_HALF_DOWN/ROUND_HALF_UP/g' ${FILE} && ${TEST}`],
      rc: 1,
      output: TEST_FAILS,
      llmS: 9,
      runS: 2,
    },
    test("Still 10.00: maybe a stale module. Run the test again."),
    test("Run the test once more."),
    { thought: "Run the test and show the file.", commands: [TEST, `cat ${FILE}`], llmS: 8, runS: 1 },
    test("Run the test again."),
    test("Run the test again."),
    test("Run the test again."),
  ];
  return miniTrajectory("acme__billing-101", "LimitsExceeded", steps, [{ role: "user", content: "" }]);
}

/** A mini-swe-agent run that reads the code, reproduces the failure, fixes the rounding (the test passes) and submits. */
function solvedMini(): string {
  const steps: MiniStep[] = [
    {
      thought: "The total is computed here.",
      commands: [`cat ${FILE}`],
      rc: 0,
      output: SOURCE + "\n",
      llmS: 5,
      runS: 1,
    },
    { thought: "Reproduce the failure first.", commands: [TEST], rc: 1, output: TEST_FAILS, llmS: 7, runS: 2 },
    {
      thought: "Half-even rounding is the bug: use half-up, then test.",
      commands: [`sed -i 's/ROUND_HALF_EVEN/ROUND_HALF_UP/g' ${FILE} && ${TEST}`],
      rc: 0,
      output: TEST_PASSES,
      llmS: 9,
      runS: 2,
    },
    {
      thought: "Check the change.",
      commands: ["git diff --stat"],
      rc: 0,
      output: ` ${FILE} | 4 ++--\n 1 file changed, 2 insertions(+), 2 deletions(-)\n`,
      llmS: 5,
      runS: 1,
    },
    {
      thought: "Done: submit.",
      commands: ["echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached"],
      llmS: 4,
      runS: 1,
    },
  ];
  return miniTrajectory("acme__billing-102", "Submitted", steps, []);
}

/** SWE-agent's edit linter refusing an edit (the error: its first listed one). */
const LINT_REFUSAL = [
  "Your proposed edit has introduced new syntax error(s). Please read this error message carefully and then retry editing the file.",
  "",
  "ERRORS:",
  "- F821 undefined name 'ROUND_HALF_UP'",
].join("\n");

/**
 * A SWE-agent 1.x run that makes the same edit eight times, from its first step:
 * it swaps the rounding mode but never imports ROUND_HALF_UP, so the linter
 * refuses the edit each time, until the cost limit. Abridged to keep examples/
 * small: without the `history` and per-step `query` message lists SWE-agent
 * also writes (the importer reads `trajectory` and `info`).
 */
function stuckSweAgent(): string {
  const action = `str_replace_editor str_replace /acme__billing/${FILE} --old_str 'rounding=ROUND_HALF_EVEN' --new_str 'rounding=ROUND_HALF_UP'`;
  const thoughts = [
    "The total uses half-even rounding; switch it to half-up.",
    "Retry the edit to use ROUND_HALF_UP.",
    "Apply the rounding fix again.",
  ];
  const trajectory: Json[] = Array.from({ length: 8 }, (_, i) => ({
    action,
    observation: LINT_REFUSAL,
    response: thoughts[Math.min(i, 2)],
    thought: thoughts[Math.min(i, 2)],
    execution_time: 0.8,
    state: { working_dir: "/acme__billing" },
  }));
  const info = {
    swe_agent_version: "1.1.0",
    exit_status: "exit_cost",
    model_stats: { instance_cost: 0.312, tokens_sent: 96_000, tokens_received: 1_600, api_calls: 8 },
  };
  return JSON.stringify({ trajectory, info, environment: "main" }, null, 2) + "\n";
}

/** The trajectory examples: path inside examples/ → file text. */
export function buildTrajectoryExamples(): Record<string, string> {
  return {
    "mini-swe-agent/stuck.traj.json": stuckMini(),
    "mini-swe-agent/solved.traj.json": solvedMini(),
    "swe-agent/stuck.traj": stuckSweAgent(),
  };
}
