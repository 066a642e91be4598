import type { Tool, ToolResult } from "@codebot/agentcore";
import type { Ruling } from "@codebot/hooks";
import { z } from "zod";
import type { Task } from "../tasks/task.js";
import { taskToWire, type WireTask } from "../tasks/task.js";
import type { TaskStore } from "../tasks/task-store.js";

/** The part of a hook decision the task tools act on. */
export type TaskHookDecision = Ruling;

/** The hooks the task tools fire (the hook runner provides them); `signal` kills them with the call. */
export interface TaskHooks {
  taskCreated(input: { task: WireTask; signal: AbortSignal }): Promise<TaskHookDecision>;
  taskCompleted(input: {
    task: WireTask;
    previousTask: WireTask;
    statusFrom: string;
    statusTo: string;
    signal: AbortSignal;
  }): Promise<TaskHookDecision>;
}

const createSchema = z.object({
  subject: z.string().min(1).describe("A short imperative title"),
  description: z.string().describe("What needs to be done"),
  active_form: z
    .string()
    .optional()
    .describe('Shown while the task is in progress, e.g. "Running the tests"'),
});

const updateSchema = z.object({
  task_id: z.string().min(1),
  status: z.enum(["pending", "in_progress", "completed", "deleted"]).optional(),
  subject: z.string().min(1).optional(),
  description: z.string().optional(),
  owner: z.string().optional(),
});

const listSchema = z.object({});

/**
 * `task_create`: stores the task, then runs TaskCreated; a block removes it again (§9.4), and so
 * does a call cancelled meanwhile (its hook is killed; the model is told "aborted"). A task that
 * could not be written is not created: no hook runs and the model is told it was not saved.
 */
export function taskCreateTool(store: TaskStore, hooks: TaskHooks): Tool<z.infer<typeof createSchema>> {
  return {
    name: "task_create",
    description: "Add a task to the session's task list.",
    inputSchema: createSchema,
    execute: (args, ctx) =>
      store.exclusive(async () => {
        const before = store.snapshot();
        const fields: Omit<Task, "id" | "status"> = { subject: args.subject, description: args.description };
        if (args.active_form !== undefined) fields.activeForm = args.active_form;
        let task: Task;
        try {
          task = store.create(fields);
        } catch (error) {
          // Nothing was created, so there is nothing for TaskCreated to judge.
          return notSaved(`task_create: the task was not saved, the list is unchanged: ${messageOf(error)}`);
        }
        const decision = await ask(() => hooks.taskCreated({ task: taskToWire(task), signal: ctx.signal }));
        const blocked = ctx.signal.aborted
          ? cancelled("task_create", "the task was not created")
          : decision.kind !== "allow"
            ? refused("task_create", "TaskCreated", decision.reason)
            : undefined;
        if (blocked) {
          try {
            store.restore(before);
          } catch (error) {
            return notSaved(
              `${blocked.content}; but removing task #${task.id} again failed, it stays in the list: ${messageOf(error)}`,
            );
          }
          return blocked;
        }
        return ok(
          `created task #${task.id}: ${task.subject}`,
          decision.kind === "allow" ? decision.context : undefined,
        );
      }),
  };
}

/** `task_update`: a move to `completed` runs TaskCompleted first; a block, or a cancel meanwhile, applies nothing. */
export function taskUpdateTool(store: TaskStore, hooks: TaskHooks): Tool<z.infer<typeof updateSchema>> {
  return {
    name: "task_update",
    description:
      "Update a task: its status (pending, in_progress, completed, or deleted to remove it), subject, description or owner.",
    inputSchema: updateSchema,
    execute: (args, ctx) =>
      store.exclusive(async () => {
        const previous = store.get(args.task_id);
        if (previous === undefined)
          return { content: `task_update: no task #${args.task_id}`, isError: true };
        if (args.status === "deleted") {
          try {
            store.remove(previous.id);
          } catch (error) {
            return notSaved(`task_update: task #${previous.id} was not deleted: ${messageOf(error)}`);
          }
          return ok(`deleted task #${previous.id}`);
        }
        const next: Task = { ...previous };
        if (args.status !== undefined) next.status = args.status;
        if (args.subject !== undefined) next.subject = args.subject;
        if (args.description !== undefined) next.description = args.description;
        if (args.owner !== undefined) next.owner = args.owner;
        let context: string | undefined;
        if (next.status === "completed" && previous.status !== "completed") {
          const decision = await ask(() =>
            hooks.taskCompleted({
              task: taskToWire(next),
              previousTask: taskToWire(previous),
              statusFrom: previous.status,
              statusTo: next.status,
              signal: ctx.signal,
            }),
          );
          if (ctx.signal.aborted) return cancelled("task_update", `task #${next.id} is unchanged`);
          if (decision.kind !== "allow") return refused("task_update", "TaskCompleted", decision.reason);
          context = decision.context;
        }
        try {
          store.put(next);
        } catch (error) {
          return notSaved(
            `task_update: task #${next.id} was not saved, it is unchanged: ${messageOf(error)}`,
          );
        }
        return ok(`updated task #${next.id}: [${next.status}] ${next.subject}`, context);
      }),
  };
}

/** `task_list {}`: every task with its status. */
export function taskListTool(store: TaskStore): Tool<z.infer<typeof listSchema>> {
  return {
    name: "task_list",
    description: "List the session's tasks with their status.",
    inputSchema: listSchema,
    concurrencySafe: true,
    async execute() {
      const tasks = store.list();
      if (tasks.length === 0) return ok("no tasks");
      return ok(
        tasks
          .map((t) => `#${t.id} [${t.status}] ${t.subject}${t.owner ? ` (owner: ${t.owner})` : ""}`)
          .join("\n"),
      );
    },
  };
}

/** A hook that cannot be evaluated counts as a block: the change must not slip through unchecked. */
async function ask(fire: () => Promise<TaskHookDecision>): Promise<TaskHookDecision> {
  try {
    return await fire();
  } catch (error) {
    return { kind: "block", reason: `hook evaluation failed: ${(error as Error).message}`, by: "codebot" };
  }
}

function cancelled(tool: string, what: string): ToolResult {
  return { content: `${tool}: cancelled; ${what}`, isError: true };
}

function refused(tool: string, event: string, reason: string): ToolResult {
  return { content: `${tool}: blocked by a ${event} hook: ${reason}`, isError: true };
}

function notSaved(content: string): ToolResult {
  return { content, isError: true };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function ok(content: string, additionalContext?: string): ToolResult {
  return { content: additionalContext ? `${content}\n\n${additionalContext}` : content, isError: false };
}
