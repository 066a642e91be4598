/**
 * The names of the tools builtinTools gives, in its order, for checks that need no session (`hooks
 * validate`, agent files' `tools`); a test keeps the two lists equal.
 */
export const BUILTIN_TOOL_NAMES: readonly string[] = [
  "bash",
  "read",
  "write",
  "edit",
  "glob",
  "grep",
  "ls",
  "task_create",
  "task_update",
  "task_list",
  "task_stop",
  "enter_plan_mode",
  "exit_plan_mode",
  "agent",
];
