import type { Task } from "./task.js";
import { type LoadedTasks, loadTasksFile, type TaskState, writeTasksFile } from "./tasks-file.js";

/**
 * The session's task list, persisted to `<session-id>.tasks.json` after every change (atomic
 * replace). Tool calls may run in parallel, so every read-modify-write goes through `exclusive`.
 * A change is written first and kept in memory only once it is on disk: a failed write throws
 * and leaves the list as it was, so what the tools report is what a resumed session finds.
 */
export class TaskStore {
  private loaded: LoadedTasks;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private current: string,
    private readonly notify: (message: string) => void = (message) => process.stderr.write(`${message}\n`),
    /** False (`--no-session-persistence`): the list is read from `current` but lives in memory only. */
    private readonly storage: { persist?: boolean } = {},
  ) {
    this.loaded = loadTasksFile(current, notify);
  }

  /** The task list's file. */
  get file(): string {
    return this.current;
  }

  /** From now on, the task list of another session (`/resume`). */
  switchTo(file: string): void {
    this.current = file;
    this.loaded = loadTasksFile(file, this.notify);
  }

  list(): Task[] {
    return this.loaded.state.tasks.map((t) => ({ ...t }));
  }

  get(id: string): Task | undefined {
    const task = this.loaded.state.tasks.find((t) => t.id === id);
    return task === undefined ? undefined : { ...task };
  }

  /** Runs `fn` with no other exclusive section in between (a check-then-act on the list). */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn);
    this.tail = result.catch(() => undefined);
    return result;
  }

  snapshot(): TaskState {
    return structuredClone(this.loaded.state);
  }

  restore(state: TaskState): void {
    this.commit(structuredClone(state));
  }

  create(fields: Omit<Task, "id" | "status">): Task {
    const { nextId, tasks } = this.loaded.state;
    const task: Task = { id: String(nextId), status: "pending", ...fields };
    this.commit({ nextId: nextId + 1, tasks: [...tasks, task] });
    return { ...task };
  }

  /** Replaces the stored task with the same id. */
  put(task: Task): void {
    const { nextId, tasks } = this.loaded.state;
    this.commit({ nextId, tasks: tasks.map((t) => (t.id === task.id ? { ...task } : t)) });
  }

  remove(id: string): void {
    const { nextId, tasks } = this.loaded.state;
    this.commit({ nextId, tasks: tasks.filter((t) => t.id !== id) });
  }

  /** Writes `next`, then makes it the list; a write that throws changes nothing. */
  private commit(next: TaskState): void {
    if (this.loaded.unwritable !== undefined) throw new Error(this.loaded.unwritable);
    if (this.storage.persist !== false) writeTasksFile(this.current, next);
    this.loaded = { state: next };
  }
}
