export type TaskStatus = "pending" | "in_progress" | "completed";
export const TASK_STATUSES: readonly TaskStatus[] = ["pending", "in_progress", "completed"];

/** One entry of the session's task list. */
export interface Task {
  id: string;
  subject: string;
  description: string;
  status: TaskStatus;
  /** Present-continuous form shown while the task is in progress ("Running the tests"). */
  activeForm?: string;
  owner?: string;
}

/** The task as hooks and the tasks file see it (snake_case JSON). */
export interface WireTask {
  id: string;
  subject: string;
  description: string;
  status: TaskStatus;
  active_form?: string;
  owner?: string;
}

export function taskToWire(task: Task): WireTask {
  const wire: WireTask = {
    id: task.id,
    subject: task.subject,
    description: task.description,
    status: task.status,
  };
  if (task.activeForm !== undefined) wire.active_form = task.activeForm;
  if (task.owner !== undefined) wire.owner = task.owner;
  return wire;
}

export function taskFromWire(wire: WireTask): Task {
  const task: Task = {
    id: wire.id,
    subject: wire.subject,
    description: wire.description,
    status: wire.status,
  };
  if (wire.active_form !== undefined) task.activeForm = wire.active_form;
  if (wire.owner !== undefined) task.owner = wire.owner;
  return task;
}
