// docs/import.md#tasks — tasks from the agent's own todo list (Claude Code
// `TodoWrite`, Codex `update_plan`). Each write is the whole list; an item
// whose status becomes `in_progress` yields `task_started`, one that becomes
// `completed` yields `task_completed`. A task's id is a hash of its text, so
// the same item keeps its id across writes and uploads. O(items) per write.
import { hashId } from "../../ingest/assign-ids";

export type TodoItem = { text: string; status: string };
export type TodoChange = { taskId: string; title: string; kind: "task_started" | "task_completed" };

export type TodoTracker = { status: Map<string, string>; inProgress: string | null };

export function createTodoTracker(): TodoTracker {
  return { status: new Map(), inProgress: null };
}

/** A todo item's task id: stable for the same text. */
export function taskIdOf(text: string): string {
  return `todo-${hashId("todo", text.trim()).slice(0, 12)}`;
}

/** Read a list write; returns what started and what completed, in list order. */
export function applyTodoList(t: TodoTracker, items: TodoItem[]): TodoChange[] {
  const changes: TodoChange[] = [];
  let inProgress: string | null = null;
  for (const item of items) {
    const taskId = taskIdOf(item.text);
    const status = item.status.toLowerCase();
    const before = t.status.get(taskId);
    t.status.set(taskId, status);
    if (status === "in_progress") inProgress ??= taskId;
    if (status === before) continue;
    if (status === "in_progress") changes.push({ taskId, title: item.text, kind: "task_started" });
    if (status === "completed") changes.push({ taskId, title: item.text, kind: "task_completed" });
  }
  t.inProgress = inProgress;
  return changes;
}

/** Todo items from a tool input: `{todos:[{content|text|step, status}]}` or `{plan:[…]}`. */
export function todoItemsOf(input: unknown): TodoItem[] | null {
  if (input === null || typeof input !== "object") return null;
  const o = input as Record<string, unknown>;
  const list = Array.isArray(o.todos) ? o.todos : Array.isArray(o.plan) ? o.plan : null;
  if (list === null) return null;
  const items: TodoItem[] = [];
  for (const raw of list) {
    if (raw === null || typeof raw !== "object") continue;
    const r = raw as Record<string, unknown>;
    const text = [r.content, r.text, r.step].find((v): v is string => typeof v === "string" && v.trim() !== "");
    if (text !== undefined && typeof r.status === "string") items.push({ text, status: r.status });
  }
  return items;
}
