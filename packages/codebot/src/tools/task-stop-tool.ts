import type { Tool } from "@codebot/agentcore";
import { z } from "zod";
import type { BackgroundAgents } from "../agents/background-agents.js";

const inputSchema = z.object({
  task_id: z.string().optional().describe("The ID of the background task to stop"),
  shell_id: z.string().optional().describe("Deprecated: use task_id instead"),
});

/**
 * `task_stop {task_id}` (Claude Code's TaskStop): stops a background shell — SIGTERM to its
 * process group, SIGKILL after 2 s — or a background sub-agent. Its result is claude 2.1.328's
 * (recorded): `Successfully stopped task: <id> (<command>)` as JSON text, and `No task found with
 * ID: <id>` for one that is not running (ended, never started, or of an earlier session). For a
 * shell it answers once the shell has ended (at most the 2 s from SIGTERM to SIGKILL). A stopped
 * shell sends no notification, as claude's sends none.
 */
export function taskStopTool(tasks: BackgroundAgents | undefined): Tool<z.infer<typeof inputSchema>> {
  return {
    name: "task_stop",
    description:
      "Stops a running background task (a bash command started with run_in_background, or a background agent) by its ID.",
    inputSchema,
    mutating: true,
    async execute(args) {
      const id = args.task_id || args.shell_id;
      if (!id) return { content: "Missing required parameter: task_id", isError: true };
      const task = tasks?.going().find((t) => t.id === id);
      if (task === undefined || !tasks?.stop(id))
        return { content: `No task found with ID: ${id}`, isError: true };
      // A shell's end (task lines, the output file's `[killed]`) comes before the answer, as claude's
      // (recorded); SIGKILL follows SIGTERM within 2 s, so this wait is bounded.
      if (task.command !== undefined) await tasks.whenEnded(id);
      const data =
        task.command !== undefined
          ? {
              message: `Successfully stopped task: ${id} (${task.command})`,
              task_id: id,
              task_type: "local_bash",
              command: task.command,
            }
          : {
              message: `Successfully stopped task: ${id} (${task.description || task.agentType})`,
              task_id: id,
              task_type: "local_agent",
            };
      return { content: JSON.stringify(data), isError: false, data };
    },
  };
}
