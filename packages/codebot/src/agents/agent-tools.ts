/**
 * Which of the session's tools a custom sub-agent gets: its `tools` list (absent = all), minus
 * `disallowedTools`. Names are written as in Claude Code (`Read, Grep, Bash`) or codebot's
 * (`read`); `mcp__server` names every tool of that server, `mcp__server__*` too. Claude Code's
 * `Agent(type)` entries name sub-agents a sub-agent may start; sub-agents do not nest in codebot,
 * so they give nothing.
 */
import type { Tool } from "@codebot/agentcore";
import { codebotToolName } from "@codebot/hooks";
import { RESOURCE_TOOL_NAMES } from "../mcp/resource-tool-names.js";
import { BUILTIN_TOOL_NAMES } from "../tools/builtin-tool-names.js";

/** The two lists of an agent's definition that pick its tools. */
export interface ToolLists {
  tools?: readonly string[];
  disallowedTools?: readonly string[];
}

export function agentTools(available: readonly Tool[], agent: ToolLists): Tool[] {
  const allowed =
    agent.tools === undefined ? available : available.filter((t) => named(agent.tools ?? [], t));
  const denied = agent.disallowedTools ?? [];
  return allowed.filter((tool) => !named(denied, tool));
}

/**
 * Names in a `tools` list that match no tool codebot has (MCP tools are only known once their
 * servers connect, so `mcp__` names are not judged): said once at load, not silently dropped.
 */
export function unknownToolNames(names: readonly string[]): string[] {
  // The skill tool joins the built-in ones in a session with skills, the resource tools in one
  // with an MCP server that has resources.
  const known = [...BUILTIN_TOOL_NAMES, "skill", ...RESOURCE_TOOL_NAMES];
  return names.filter((name) => {
    if (/^(Agent|Task)\(.*\)$/.test(name) || name.startsWith("mcp__")) return false;
    return !known.includes(codebotToolName(name));
  });
}

function named(names: readonly string[], tool: Tool): boolean {
  return names.some((name) => {
    if (name.startsWith("mcp__")) {
      if (name === tool.name) return true;
      const server = name.replace(/__\*$/, "");
      return server.split("__").length === 2 && tool.name.startsWith(`${server}__`);
    }
    return codebotToolName(name) === tool.name;
  });
}
