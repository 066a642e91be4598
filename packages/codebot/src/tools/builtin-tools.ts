import type { Tool } from "@codebot/agentcore";
import type { TaskStore } from "../tasks/task-store.js";
import { agentTool, type SubagentHost } from "./agent-tool.js";
import { bashTool } from "./bash-tool.js";
import { editTool } from "./edit-tool.js";
import { globTool } from "./glob-tool.js";
import { grepTool } from "./grep-tool.js";
import { lsTool } from "./ls-tool.js";
import { ENTER_PLAN_MODE, EXIT_PLAN_MODE, type PlanModeHost, planModeTools } from "./plan-mode-tools.js";
import { readTool } from "./read-tool.js";
import { STRUCTURED_OUTPUT_TOOL } from "./structured-output-tool.js";
import { taskStopTool } from "./task-stop-tool.js";
import { type TaskHooks, taskCreateTool, taskListTool, taskUpdateTool } from "./task-tools.js";
import type { ToolEnvironment } from "./tool-environment.js";
import { writeTool } from "./write-tool.js";

export interface BuiltinToolsOptions {
  toolEnv: ToolEnvironment;
  tasks: TaskStore;
  taskHooks: TaskHooks;
  /** Everything but the tool list, which sub-agents share with the main agent. */
  subagents: Omit<SubagentHost, "tools">;
  /** The plan tools' host; absent when nobody could approve a plan (`-p` without a permission prompt tool): the tools are not offered, as claude 2.1.328's are not (recorded). */
  planMode?: PlanModeHost;
}

/**
 * Tools a sub-agent does not get: it does not start sub-agents, give the prompt's answer, nor
 * change the session's permission mode.
 */
const MAIN_AGENT_ONLY = new Set(["agent", STRUCTURED_OUTPUT_TOOL, ENTER_PLAN_MODE, EXIT_PLAN_MODE]);

/**
 * The main agent's tools. Sub-agents get the list as it is when they start, without `agent`:
 * MCP tools join it as their servers connect.
 */
export function builtinTools(options: BuiltinToolsOptions): Tool[] {
  const env = options.toolEnv;
  const bash = bashTool(env);
  const shared: Tool[] = [
    bash,
    readTool(env),
    writeTool(env),
    editTool(env),
    globTool(env),
    grepTool(env),
    lsTool(env),
    taskCreateTool(options.tasks, options.taskHooks),
    taskUpdateTool(options.tasks, options.taskHooks),
    taskListTool(options.tasks),
    taskStopTool(env.background?.tasks),
  ];
  const tools: Tool[] = [...shared, ...(options.planMode ? planModeTools(options.planMode) : [])];
  // Each sub-agent gets a shell of its own, starting where the main agent's is: its `cd` moves
  // only its own (as in Claude Code), and the session's folder (CwdChanged) stays the main agent's.
  const subagentTools = () =>
    tools
      .filter((t) => !MAIN_AGENT_ONLY.has(t.name))
      .map((t) => (t === bash ? bashTool({ ...env, onCwdChange: undefined }, bash.workingDirectory()) : t));
  tools.push(agentTool({ ...options.subagents, tools: subagentTools }));
  return tools;
}
