// docs/analysis.md#context-clear task complexity, 1–10: start at 1; lines added > 100 +3, > 50
// +2, > 10 +1; files changed > 5 +2, > 2 +1; title or approaches mentioning
// architecture/refactor/redesign +3, dependency/integration/external +2,
// API/external service/third-party +2; at most 10. Keywords match
// case-insensitively at the start of a word, as stems ("refactor" matches
// "Refactoring", not "prefactor"; API only as the word API or APIs), and each
// group adds its bonus once. O(text) per call. Deliberately does not decide
// which iterations belong to a task, nor score iterations without one: the
// caller accumulates the task's iterations so far (context-clear.ts).

export type TaskWork = { linesAdded: number; files: Set<string>; texts: Set<string> };

export function emptyTaskWork(title: string | null): TaskWork {
  return { linesAdded: 0, files: new Set(), texts: new Set(title ? [title] : []) };
}

const KEYWORD_POINTS: [RegExp, number][] = [
  [/\b(?:architect|refactor|redesign)/i, 3],
  [/\b(?:dependenc|integrat|external)/i, 2],
  [/\bapis?\b|\bexternal service|\bthird[- ]party/i, 2],
];
const MAX_SCORE = 10;

export function scoreComplexity(w: TaskWork): number {
  let score = 1;
  if (w.linesAdded > 100) score += 3;
  else if (w.linesAdded > 50) score += 2;
  else if (w.linesAdded > 10) score += 1;
  if (w.files.size > 5) score += 2;
  else if (w.files.size > 2) score += 1;
  const text = [...w.texts].join("\n");
  for (const [re, points] of KEYWORD_POINTS) if (re.test(text)) score += points;
  return Math.min(MAX_SCORE, score);
}
