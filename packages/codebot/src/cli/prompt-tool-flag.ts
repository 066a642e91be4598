import { CliError } from "./cli-error.js";

/** The prompt tool that is the Agent SDK program itself (`can_use_tool` requests on stdout). */
export const STDIO_PROMPT = "stdio";

/**
 * `--permission-prompt-tool <tool>`: an MCP tool's full name (`mcp__<server>__<tool>`), as claude
 * takes it, or `stdio` (the Agent SDK's `canUseTool`, asked over the control protocol).
 */
export function promptToolFlag(name: string): string {
  if (name !== STDIO_PROMPT && !/^mcp__[^_].*__.+$/.test(name))
    throw new CliError(
      `--permission-prompt-tool: "${name}" is neither an MCP tool's name (mcp__<server>__<tool>, from --mcp-config or .mcp.json) nor "stdio"`,
    );
  return name;
}
