/**
 * Tool names that mean the same tool (§11), so that a matcher written for Claude Code
 * (`Bash`, `Write`, `Task`) fires on codebot's tools (`bash`, `write`, `agent`) and back.
 */

export const ALIAS_CLASSES: readonly (readonly string[])[] = [
  ["bash", "Bash"],
  ["read", "Read"],
  ["write", "Write"],
  ["edit", "Edit"],
  ["glob", "Glob"],
  ["grep", "Grep"],
  ["ls", "LS"],
  ["task_create", "TaskCreate"],
  ["task_update", "TaskUpdate"],
  ["task_list", "TaskList"],
  ["task_stop", "TaskStop"],
  ["enter_plan_mode", "EnterPlanMode"],
  ["exit_plan_mode", "ExitPlanMode"],
  ["skill", "Skill"],
  ["structured_output", "StructuredOutput"],
  ["tool_search", "ToolSearch"],
  ["agent", "Agent", "Task"],
  ["list_mcp_resources", "ListMcpResourcesTool"],
  ["read_mcp_resource", "ReadMcpResourceTool"],
  ["read_mcp_resource_dir", "ReadMcpResourceDirTool"],
];

const NAMES_OF = new Map<string, readonly string[]>();
/** Lower-cased name → codebot's name (the first of its class). */
const CODEBOT_NAME_OF = new Map<string, string>();
for (const names of ALIAS_CLASSES) {
  for (const name of names) {
    NAMES_OF.set(name, names);
    CODEBOT_NAME_OF.set(name.toLowerCase(), names[0] as string);
  }
}

/** Every name the tool is known by, itself first. */
export function toolNames(tool: string): readonly string[] {
  const names = NAMES_OF.get(tool);
  return names ? [tool, ...names.filter((n) => n !== tool)] : [tool];
}

/** The name Claude Code gives the tool (`bash` → `Bash`, `agent` → `Agent`); other tools keep theirs. */
export function claudeToolName(tool: string): string {
  const names = NAMES_OF.get(tool);
  return names?.find((name) => /^[A-Z]/.test(name)) ?? tool;
}

/**
 * The codebot tool a name names exactly as codebot or Claude Code spells it (`Bash` → `bash`,
 * `Task` → `agent`, `bash` → `bash`); any other name (`BASH`, an MCP tool's) is kept as it is.
 * For names written by a program (transcripts), where case is not loose.
 */
export function toolOfExactName(name: string): string {
  const tool = CODEBOT_NAME_OF.get(name.toLowerCase());
  return tool !== undefined && NAMES_OF.get(tool)?.includes(name) ? tool : name;
}

/**
 * codebot's name for a tool named in any case, or by its Claude Code name (`Bash`, `TASK` →
 * `bash`, `agent`); other names are lower-cased. Permission rules are written this loosely.
 */
export function codebotToolName(name: string): string {
  const lower = name.toLowerCase();
  return CODEBOT_NAME_OF.get(lower) ?? lower;
}
