// docs/import.md#derived-iteration-fields — which shell commands run a test
// suite. A test run passed when its call did not fail; `newly_passing` of a
// turn is 1 when its last test run passed and the run before it (in any
// turn) failed. Matches a runner at a word start anywhere in the command, so
// `cd app && npx vitest run` and `uv run pytest -x` count. O(command length).

const TEST_RUNNER_RE = new RegExp(
  [
    String.raw`\bpytest\b`,
    String.raw`\bpython3? -m (?:pytest|unittest)\b`,
    String.raw`\bjest\b`,
    String.raw`\bvitest\b`,
    String.raw`\bmocha\b`,
    String.raw`\b(?:npm|pnpm|yarn|bun) (?:run )?test\b`,
    String.raw`\bgo test\b`,
    String.raw`\bcargo (?:test|nextest)\b`,
    String.raw`\bmvn\b[^|;&]*\btest\b`,
    String.raw`\b(?:gradle|gradlew)\b[^|;&]*\btest\b`,
    String.raw`\brspec\b`,
    String.raw`\bphpunit\b`,
    String.raw`\bmake (?:[\w-]+ )*test\b`,
  ].join("|"),
);

/** Does this shell command run a test runner? */
export function isTestCommand(command: string): boolean {
  return TEST_RUNNER_RE.test(command);
}

/** Follows test runs across a session's turns: the last outcome carries over turn boundaries. */
export type TestRunTracker = { lastOk: boolean | null; turnNewlyPassing: boolean; turnLastOk: boolean | null };

export function createTestRunTracker(): TestRunTracker {
  return { lastOk: null, turnNewlyPassing: false, turnLastOk: null };
}

/** Record a test run; the turn is newly passing when its last run passed right after a failed one. */
export function recordTestRun(t: TestRunTracker, ok: boolean): void {
  t.turnNewlyPassing = ok && t.lastOk === false;
  t.turnLastOk = ok;
  t.lastOk = ok;
}
