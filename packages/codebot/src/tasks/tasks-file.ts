import fs from "node:fs";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { setAside } from "../fs/set-aside.js";
import { TASK_STATUSES, type Task, taskFromWire, taskToWire, type WireTask } from "./task.js";

/** The whole state of a task list; a snapshot of it is what a rollback restores. */
export interface TaskState {
  nextId: number;
  tasks: Task[];
}

/** What a session starts from: the stored list, and why it must not be written when it cannot be. */
export interface LoadedTasks {
  state: TaskState;
  /** Set when a damaged file could not be set aside: overwriting it would lose it unseen. */
  unwritable?: string;
}

/** Writes the whole list (atomic replace: a crash leaves the old file or the new one). */
export function writeTasksFile(file: string, state: TaskState): void {
  const wire = { next_id: state.nextId, tasks: state.tasks.map(taskToWire) };
  writeFileAtomic(file, `${JSON.stringify(wire, null, 2)}\n`);
}

/**
 * The task list stored in `file` (empty when there is none). A file that cannot be read, or not
 * wholly, is renamed to `<file>.bad` and reported, so the next write does not wipe it unseen.
 */
export function loadTasksFile(file: string, notify: (message: string) => void): LoadedTasks {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    // No such file, or a folder on its path is a file: there is no list yet (nothing to set aside).
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { state: emptyState() };
    return keepDamaged(file, `cannot be read: ${(error as Error).message}`, emptyState(), notify);
  }
  const parsed = parseTasks(text);
  if (parsed.problem === undefined) return { state: parsed.state };
  // Ids named in the damaged text stay used: the transcript and the .bad copy refer to them.
  const state = { ...parsed.state, nextId: Math.max(parsed.state.nextId, highestIdIn(text) + 1) };
  return keepDamaged(file, parsed.problem, state, notify);
}

/**
 * The highest id a tasks file's text, however damaged, shows as used (0: none): every `"id": "N"`,
 * and `"next_id": N` less one (deleted tasks had the ids below it).
 */
function highestIdIn(text: string): number {
  let highest = 0;
  for (const match of text.matchAll(/"id"\s*:\s*"(\d{1,9})"/g)) highest = Math.max(highest, Number(match[1]));
  for (const match of text.matchAll(/"next_id"\s*:\s*(\d{1,9})/g))
    highest = Math.max(highest, Number(match[1]) - 1);
  return highest;
}

function emptyState(): TaskState {
  return { nextId: 1, tasks: [] };
}

/** The tasks that could be read, and what was wrong with the rest (undefined: nothing). */
function parseTasks(text: string): { state: TaskState; problem?: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { state: emptyState(), problem: `not JSON: ${(error as Error).message}` };
  }
  const { next_id: nextId, tasks } = (parsed ?? {}) as { next_id?: unknown; tasks?: unknown };
  if (!Number.isInteger(nextId) || (nextId as number) < 1 || !Array.isArray(tasks))
    return { state: emptyState(), problem: 'no "next_id" number and "tasks" list' };
  const readable = tasks.filter(isWireTask).map(taskFromWire);
  // Ids are never reused, even when next_id was edited below one in use.
  const highest = Math.max(0, ...readable.map((t) => Number.parseInt(t.id, 10)).filter(Number.isInteger));
  const state = { nextId: Math.max(nextId as number, highest + 1), tasks: readable };
  const unreadable = tasks.length - readable.length;
  return unreadable === 0
    ? { state }
    : { state, problem: `${unreadable} of ${tasks.length} tasks unreadable` };
}

function isWireTask(value: unknown): value is WireTask {
  const task = value as Partial<WireTask> | null;
  return (
    typeof task?.id === "string" &&
    typeof task.subject === "string" &&
    typeof task.description === "string" &&
    TASK_STATUSES.includes(task.status as Task["status"])
  );
}

/** Renames the damaged file out of the way and says so; when that fails, it must not be overwritten. */
function keepDamaged(
  file: string,
  problem: string,
  state: TaskState,
  notify: (message: string) => void,
): LoadedTasks {
  const count = state.tasks.length;
  const goingOn =
    count === 0 ? "starting a new list" : `going on with the ${count} readable task${count === 1 ? "" : "s"}`;
  let bad: string;
  try {
    bad = setAside(file);
  } catch (error) {
    const unwritable = `tasks file ${file} is damaged (${problem}) and could not be set aside (${(error as Error).message}); move it away to save tasks again`;
    notify(`codebot: ${unwritable}`);
    return { state, unwritable };
  }
  notify(`codebot: tasks file ${file} is damaged (${problem}); kept as ${bad}, ${goingOn}`);
  // The list goes on from here: written now, so a run that changes no task does not leave the
  // next one with nothing (and ids starting over) while the readable tasks sit only in `.bad`.
  try {
    writeTasksFile(file, state);
  } catch (error) {
    notify(`codebot: tasks file ${file}: cannot write the readable tasks back: ${(error as Error).message}`);
  }
  return { state };
}
