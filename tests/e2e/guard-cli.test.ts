// `loopscope guard` as Claude Code runs it, against the real built server
// (docs/guard.md): recorded hook JSON (written from Claude Code's hooks
// reference) of a session that repeats one failing command is fed to the CLI
// one hook per process, stdin in, stdout read as Claude Code reads it. In
// enforce mode the identical call after the rule tripped is denied with the
// reason, and the session is stopped where the offline analysis of the
// stored run puts its halt; a healthy session's hooks print nothing; a
// server that is not there is one warning and "go on"; `guard check` is the
// loop script's exit code; install and uninstall round-trip a settings file.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, saveScreenshot } from "./support/browser";
import { EXAMPLES, ROOT, startServer, type AppServer } from "./support/server";

let server: AppServer;
const FIXTURES = path.join(ROOT, "tests/fixtures/guard");

function cli(
  args: string[],
  stdin = "",
  cwd = ROOT,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, "bin/loopscope.mjs"), ...args], { cwd, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

const hooksOf = (name: string) =>
  readFileSync(path.join(FIXTURES, name), "utf8")
    .trim()
    .split("\n")
    .map((l) => (JSON.parse(l) as { hook: Record<string, unknown> }).hook);

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

test("a failing command repeated: the identical call is denied with the reason, then the session is stopped", async () => {
  const outputs: { event: string; tool: unknown; out: Record<string, unknown> | null }[] = [];
  for (const hook of hooksOf("failing-command-session.jsonl")) {
    const r = await cli(["guard", "--url", server.baseUrl, "--enforce"], JSON.stringify(hook));
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    const out = r.stdout.trim() === "" ? null : (JSON.parse(r.stdout) as Record<string, unknown>);
    outputs.push({ event: hook.hook_event_name as string, tool: hook.tool_name, out });
  }
  const first = outputs.findIndex((o) => o.out !== null);
  // Read, then five pytest runs that fail the same way: the sixth is denied.
  expect(outputs.slice(0, first).filter((o) => o.event === "PreToolUse")).toHaveLength(6);
  expect(outputs[first]).toEqual({
    event: "PreToolUse",
    tool: "Bash",
    out: {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason:
          "Loopscope guard: `pytest tests/test_auth.py` failed the same way 5 times among the last 10 calls; change approach",
      },
    },
  });
  const halt = outputs.findIndex((o) => o.out?.continue === false);
  expect(outputs[halt]!.event).toBe("Stop");
  const analysis = (await (await fetch(`${server.baseUrl}/api/v1/runs/cc-5f0c1e2a-failing/analysis`)).json()) as {
    loop_breaker: { would_have_halted_at: { iteration: number; reason: string } };
    verdict: { tripped: boolean; breaker: string };
  };
  expect(analysis.verdict).toMatchObject({ tripped: true, breaker: "loop_breaker" });
  const at = analysis.loop_breaker.would_have_halted_at;
  expect(outputs[halt]!.out!.stopReason).toContain(`loop breaker opened at iteration ${at.iteration} (${at.reason})`);
  // Once halted, every hook stops the session.
  expect(outputs.slice(halt).every((o) => o.out?.continue === false)).toBe(true);
  // The run page's Guard card says so, with the refusal and the halt in its log.
  const browser = await launchBrowser(server.baseUrl);
  try {
    const page = await browser.newPage();
    await page.goto("/runs/cc-5f0c1e2a-failing?tab=iterations");
    const card = page.getByTestId("run-guard");
    await expect.poll(() => card.getByTestId("guard-headline").textContent()).toContain("Halted by the loop breaker");
    const log = await card.getByTestId("guard-log").textContent();
    expect(log).toContain("refused the call");
    expect(log).toContain("halted");
    await saveScreenshot(page, "run-page-guard");
  } finally {
    await browser.close();
  }
});

test("a healthy session's hooks all print nothing", async () => {
  for (const hook of hooksOf("healthy-session.jsonl")) {
    const r = await cli(["guard", "--url", server.baseUrl, "--enforce"], JSON.stringify(hook));
    expect({ event: hook.hook_event_name, code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
      event: hook.hook_event_name,
      code: 0,
      stdout: "",
      stderr: "",
    });
  }
  const guard = (await (await fetch(`${server.baseUrl}/api/v1/runs/cc-9a7d3b41-healthy/guard`)).json()) as {
    mode: string;
    decisions: unknown[];
  };
  expect(guard).toMatchObject({ mode: "enforce", decisions: [] });
});

test("the bundled hook (bin/guard-bundle.mjs) answers as the TypeScript source does, hook for hook", async () => {
  const source = { ...process.env, LOOPSCOPE_GUARD_BUNDLE: "off" };
  const hooks = hooksOf("failing-command-session.jsonl").slice(0, 16); // through the first refusal
  const answers = async (run: string, env: NodeJS.ProcessEnv) => {
    const out: string[] = [];
    for (const hook of hooks)
      out.push(
        (await cli(["guard", "--url", server.baseUrl, "--enforce", "--run", run], JSON.stringify(hook), ROOT, env))
          .stdout,
      );
    return out;
  };
  const fromSource = await answers("parity-source", source);
  expect(fromSource.some((o) => o.includes('"deny"'))).toBe(true);
  expect(await answers("parity-bundle", process.env)).toEqual(fromSource);
  const sources = JSON.parse(
    readFileSync(path.join(ROOT, "node_modules/.cache/loopscope/guard-main.sources.json"), "utf8"),
  );
  expect(sources).toContain("bin/cli/guard-main.ts");
});

test("no server: one warning line and go on; --fail-closed stops the session instead", async () => {
  const hook = JSON.stringify(hooksOf("healthy-session.jsonl")[2]); // a PreToolUse
  const open = await cli(["guard", "--url", "http://127.0.0.1:9", "--timeout-ms", "300"], hook);
  expect(open).toMatchObject({ code: 0, stdout: "" });
  expect(open.stderr.trim().split("\n")).toHaveLength(1);
  expect(open.stderr).toContain("going on");
  const closed = await cli(["guard", "--url", "http://127.0.0.1:9", "--timeout-ms", "300", "--fail-closed"], hook);
  expect(JSON.parse(closed.stdout)).toMatchObject({
    continue: false,
    hookSpecificOutput: { permissionDecision: "deny" },
  });
});

test("guard check: a stuck loop halts the script with exit 3, a healthy one goes on with 0", async () => {
  for (const file of ["stuck-loop.jsonl", "healthy-run.jsonl"])
    expect((await cli(["ingest", `${EXAMPLES}/${file}`, "--url", server.baseUrl])).code).toBe(0);
  const stuck = await cli(["guard", "check", "--run", "r-stuck-loop", "--url", server.baseUrl, "--enforce"]);
  expect(stuck.code).toBe(3);
  expect(stuck.stderr).toContain("halt:");
  const healthy = await cli(["guard", "check", "--run", "r-healthy", "--url", server.baseUrl, "--enforce"]);
  expect(healthy).toMatchObject({ code: 0, stderr: "" });
});

test("install merges into a settings file with other hooks, uninstall gives it back as it was", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "loopscope-guard-"));
  try {
    const file = path.join(dir, ".claude", "settings.json");
    const before = {
      model: "opus",
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./block-rm.sh" }] }],
        Notification: [{ hooks: [{ type: "command", command: "notify-send claude" }] }],
      },
    };
    await cli(["guard", "install", "--uninstall"], "", dir); // nothing there: nothing written
    expect(() => readFileSync(file)).toThrow();
    mkdirSync(path.dirname(file));
    writeFileSync(file, JSON.stringify(before, null, 2));
    expect((await cli(["guard", "install", "--project"], "", dir)).code).toBe(0);
    const installed = JSON.parse(readFileSync(file, "utf8")) as typeof before & { hooks: Record<string, unknown[]> };
    expect(installed.model).toBe("opus");
    expect(installed.hooks.PreToolUse).toEqual([
      before.hooks.PreToolUse[0],
      { matcher: "*", hooks: [{ type: "command", command: "loopscope guard", timeout: 5 }] },
    ]);
    expect(Object.keys(installed.hooks).sort()).toEqual([
      "Notification",
      "PostToolUse",
      "PostToolUseFailure",
      "PreToolUse",
      "SessionEnd",
      "SessionStart",
      "Stop",
      "SubagentStop",
      "UserPromptSubmit",
    ]);
    // Twice is once.
    await cli(["guard", "install"], "", dir);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(installed);
    expect((await cli(["guard", "install", "--uninstall"], "", dir)).code).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(before);
    // A file that is not JSON is left alone.
    writeFileSync(file, "{ not json");
    const bad = await cli(["guard", "install"], "", dir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("is not JSON");
    expect(readFileSync(file, "utf8")).toBe("{ not json");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("Settings keeps the team's webhooks; a URL that is not http(s) is refused as the server says", async () => {
  const browser = await launchBrowser(server.baseUrl);
  try {
    const page = await browser.newPage();
    await page.goto("/settings");
    const card = page.getByTestId("guard-webhooks");
    await card.getByRole("button", { name: "Add a webhook" }).click();
    await card.getByLabel("Webhook 1 URL").fill("ftp://example.test/hook");
    await card.getByTestId("guard-webhooks-save").click();
    await expect.poll(() => card.getByTestId("guard-webhooks-status").textContent()).toContain("http:// or https://");
    await card.getByLabel("Webhook 1 URL").fill("https://hooks.example.test/services/T0/B0/x");
    await card.getByLabel("Webhook 1 format").selectOption("generic");
    await card.getByTestId("guard-webhooks-save").click();
    await expect.poll(() => card.getByTestId("guard-webhooks-status").textContent()).toBe("Saved.");
    const saved = (await (await fetch(`${server.baseUrl}/api/v1/settings/guard-webhooks`)).json()) as unknown;
    expect(saved).toEqual({ webhooks: [{ url: "https://hooks.example.test/services/T0/B0/x", format: "generic" }] });
    await page.reload();
    expect(await card.getByLabel("Webhook 1 URL").inputValue()).toBe("https://hooks.example.test/services/T0/B0/x");

    // "Send a test" posts one test event to the row's URL and says what came of it.
    const got: string[] = [];
    const receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        got.push(body);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      await card.getByLabel("Webhook 1 URL").fill(url);
      await card.getByTestId("guard-webhook-test").click();
      await expect.poll(() => card.getByTestId("guard-webhook-test-status").textContent()).toBe("Test sent.");
      expect(JSON.parse(got[0]!)).toMatchObject({ event: "trip", run_id: "loopscope-test" });
      await page.setViewportSize({ width: 390, height: 844 });
      await saveScreenshot(page, "settings-webhooks-390");
    } finally {
      receiver.close();
    }
  } finally {
    await browser.close();
  }
});
