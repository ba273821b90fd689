// The agent-trajectory examples of `npm run examples` (see scripts/examples.ts):
// a mini-swe-agent run stuck on one failing test until its step limit, a
// mini-swe-agent run that fixes the bug and submits, and a SWE-agent run
// that retries the same broken edit until its cost limit. Written as the
// agents write them (docs/import.md#mini-swe-agent-trajectories,
// docs/import.md#swe-agent-trajectories); deterministic: fixed times and ids.

type Json = Record<string, unknown>;
const MODEL = "anthropic/claude-sonnet-4-5-20250929";
const START_S = Date.UTC(2026, 2, 4, 10, 0) / 1000;
const FILE = "src/billing/invoice.py";
const TEST = "python -m pytest tests/test_invoice.py -q";
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

const TEST_FAILS = [
  "F...........                                                             [100%]",
  "=================================== FAILURES ===================================",
  "_____________________________ test_rounds_half_up ______________________________",
  "",
  "    def test_rounds_half_up():",
  '>       assert total([Decimal("10.005")]) == Decimal("10.01")',
  `E       ${ASSERTION}`,
  "",
  "tests/test_invoice.py:8: AssertionError",
  "=========================== short test summary info ============================",
  `FAILED tests/test_invoice.py::test_rounds_half_up - ${ASSERTION}`,
  "1 failed, 11 passed in 0.31s",
].join("\n");
const TEST_PASSES =
  "............                                                             [100%]\n12 passed in 0.29s";
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
          object: "chat.completion",
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
    config: { agent: { step_limit: 14, cost_limit: 3 }, model: { model_name: MODEL } },
  };
  return (
    JSON.stringify({ info, messages, trajectory_format: "mini-swe-agent-1", instance_id: instanceId }, null, 2) + "\n"
  );
}

const explore: MiniStep[] = [
  {
    thought: "Let me look at the billing code.",
    commands: ["ls src/billing tests"],
    rc: 0,
    output: "__init__.py\ninvoice.py\ntest_invoice.py\n",
    llmS: 6,
    runS: 1,
  },
  { thought: "The total is computed here.", commands: [`cat ${FILE}`], rc: 0, output: SOURCE + "\n", llmS: 5, runS: 1 },
  { thought: "Reproduce the failure first.", commands: [TEST], rc: 1, output: TEST_FAILS + "\n", llmS: 7, runS: 2 },
  {
    thought: "Half-even rounding is the bug: use half-up.",
    commands: [`sed -i 's/ROUND_HALF_EVEN/ROUND_HALF_UP/g' ${FILE}`],
    rc: 0,
    output: "",
    llmS: 9,
    runS: 1,
  },
];

/** A mini-swe-agent run that re-runs the same failing test until its step limit (14 steps). */
function stuckMini(): string {
  const retry = (i: number): MiniStep =>
    i === 4
      ? { thought: "Maybe run both the test and the file.", commands: [TEST, `cat ${FILE}`], llmS: 8, runS: 1 }
      : {
          thought: `The test still fails (attempt ${i + 1}); run it again.`,
          commands: [TEST],
          rc: 1,
          output: TEST_FAILS + "\n",
          llmS: 8,
          runS: 2,
        };
  const steps = [...explore, ...Array.from({ length: 10 }, (_, i) => retry(i))];
  return miniTrajectory("acme__billing-101", "LimitsExceeded", steps, [{ role: "user", content: "" }]);
}

/** A mini-swe-agent run that fixes the rounding, sees the tests pass and submits. */
function solvedMini(): string {
  const steps: MiniStep[] = [
    ...explore,
    { thought: "Run the tests again.", commands: [TEST], rc: 0, output: TEST_PASSES + "\n", llmS: 6, runS: 2 },
    {
      thought: "Check the change.",
      commands: ["git diff"],
      rc: 0,
      output: "-ROUND_HALF_EVEN\n+ROUND_HALF_UP\n",
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

const SYNTAX_ERROR = [
  "Your proposed edit has introduced new syntax error(s). Please understand the fixes and retry your edit commmand.",
  "",
  "ERRORS:",
  "- E999 IndentationError: unexpected indent",
  "",
  "This is how your edit would have looked if applied",
].join("\n");

/** A SWE-agent run that proposes the same mis-indented edit eight times, then hits its cost limit. */
function stuckSweAgent(): string {
  const state = (open: string) => JSON.stringify({ open_file: open, working_dir: "/acme__billing" });
  const path = `/acme__billing/${FILE}`;
  const edit =
    'edit 4:4\n        return sum(amounts, Decimal("0")).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)\nend_of_edit\n';
  const trajectory: Json[] = [
    {
      action: 'find_file "invoice.py"\n',
      observation: `Found 1 matches for "invoice.py" in /acme__billing:\n${path}\n`,
      execution_time: 0.4,
      state: state("n/a"),
    },
    {
      action: `open ${FILE}\n`,
      observation: `[File: ${path} (4 lines total)]\n${SOURCE}\n`,
      execution_time: 0.3,
      state: state(path),
    },
    ...Array.from({ length: 8 }, () => ({
      action: edit,
      observation: SYNTAX_ERROR,
      execution_time: 1.2,
      state: state(path),
    })),
  ].map((e, i) => ({
    ...e,
    thought: `Step ${i + 1}: fix the rounding mode.`,
    response: `Step ${i + 1}.\n\n\`\`\`\n${String(e.action)}\`\`\``,
  }));
  const history: Json[] = [
    { role: "system", content: "SETTING: You are an autonomous programmer.", agent: "primary" },
    { role: "user", content: "ISSUE:\nInvoice totals round half-cents down.", agent: "primary" },
    ...trajectory.flatMap((e) => [
      { role: "assistant", content: e.response, thought: e.thought, action: e.action, agent: "primary" },
      { role: "user", content: e.observation, agent: "primary" },
    ]),
  ];
  const info = {
    exit_status: "exit_cost",
    model_stats: { instance_cost: 0.412, tokens_sent: 118_000, tokens_received: 2_400, api_calls: 10 },
  };
  return JSON.stringify({ environment: "swe_main", trajectory, history, info }, null, 2) + "\n";
}

/** The trajectory examples: path inside examples/ → file text. */
export function buildTrajectoryExamples(): Record<string, string> {
  return {
    "mini-swe-agent/stuck.traj.json": stuckMini(),
    "mini-swe-agent/solved.traj.json": solvedMini(),
    "swe-agent/stuck.traj": stuckSweAgent(),
  };
}
