import fs from "node:fs";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { TASK_STATUSES, type Task, taskFromWire, taskToWire, type WireTask } from "./task.js";

/** The whole state of a task list; a snapshot of it is what a rollback restores. */
export interface TaskState {
  nextId: number;
  tasks: Task[];
}

/**
 * The session's task list, persisted to `<session-id>.tasks.json` after every change (atomic
 * replace). Tool calls may run in parallel, so every read-modify-write goes through `exclusive`.
 * A change is written first and kept in memory only once it is on disk: a failed write throws
 * and leaves the list as it was, so what the tools report is what a resumed session finds.
 */
export class TaskStore {
  private state: TaskState = { nextId: 1, tasks: [] };
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private current: string) {
    this.state = readState(current) ?? this.state;
  }

  /** The task list's file. */
  get file(): string {
    return this.current;
  }

  /** From now on, the task list of another session (`/resume`). */
  switchTo(file: string): void {
    this.current = file;
    this.state = readState(file) ?? { nextId: 1, tasks: [] };
  }

  list(): Task[] {
    return this.state.tasks.map((t) => ({ ...t }));
  }

  get(id: string): Task | undefined {
    const task = this.state.tasks.find((t) => t.id === id);
    return task === undefined ? undefined : { ...task };
  }

  /** Runs `fn` with no other exclusive section in between (a check-then-act on the list). */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn);
    this.tail = result.catch(() => undefined);
    return result;
  }

  snapshot(): TaskState {
    return structuredClone(this.state);
  }

  restore(state: TaskState): void {
    this.commit(structuredClone(state));
  }

  create(fields: Omit<Task, "id" | "status">): Task {
    const { nextId, tasks } = this.state;
    const task: Task = { id: String(nextId), status: "pending", ...fields };
    this.commit({ nextId: nextId + 1, tasks: [...tasks, task] });
    return { ...task };
  }

  /** Replaces the stored task with the same id. */
  put(task: Task): void {
    const { nextId, tasks } = this.state;
    this.commit({ nextId, tasks: tasks.map((t) => (t.id === task.id ? { ...task } : t)) });
  }

  remove(id: string): void {
    const { nextId, tasks } = this.state;
    this.commit({ nextId, tasks: tasks.filter((t) => t.id !== id) });
  }

  /** Writes `next`, then makes it the list; a write that throws changes nothing. */
  private commit(next: TaskState): void {
    const wire = { next_id: next.nextId, tasks: next.tasks.map(taskToWire) };
    writeFileAtomic(this.file, `${JSON.stringify(wire, null, 2)}\n`);
    this.state = next;
  }
}

/** The stored state, or undefined when there is no (usable) file yet. */
function readState(file: string): TaskState | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as { next_id?: unknown; tasks?: unknown };
    if (typeof parsed.next_id !== "number" || !Array.isArray(parsed.tasks)) return undefined;
    const tasks = (parsed.tasks as WireTask[])
      .filter((t) => typeof t?.id === "string" && TASK_STATUSES.includes(t.status))
      .map(taskFromWire);
    return { nextId: parsed.next_id, tasks };
  } catch {
    return undefined;
  }
}
