import { codebotToolName } from "@codebot/hooks";
import { RESOURCE_TOOL_NAMES } from "../mcp/resource-tool-names.js";
import { BUILTIN_TOOL_NAMES } from "../tools/builtin-tool-names.js";
import { TOOL_SEARCH_TOOL } from "../tools/tool-search-tool.js";

/**
 * The built-in tools, by codebot's names (Claude Code's are read too: `Bash`, `Task`); `skill` when
 * skills load, `tool_search` when MCP tools are deferred, the MCP resource tools when a server has
 * resources.
 */
const BUILTIN_TOOLS = [...BUILTIN_TOOL_NAMES, "skill", TOOL_SEARCH_TOOL, ...RESOURCE_TOOL_NAMES];

/**
 * `--tools` (Claude Code's flag): the built-in tools the session offers — `""` none, `default`
 * all (undefined), else names separated by commas or spaces. A name that is no built-in tool is
 * left out with a warning (claude drops it silently: a typo would quietly take a tool away).
 */
export function toolsFlag(values: readonly string[], warn: (line: string) => void): string[] | undefined {
  const words = values.flatMap((value) => value.split(/[\s,]+/)).filter((word) => word !== "");
  if (words.length === 1 && words[0] === "default") return undefined;
  const names: string[] = [];
  for (const word of words) {
    const name = codebotToolName(word);
    if (BUILTIN_TOOLS.includes(name)) names.push(name);
    else warn(`codebot: --tools: no built-in tool is named "${word}"; ignored`);
  }
  return names;
}
