import { CliError } from "./cli-error.js";

/** `--permission-prompt-tool <tool>`: an MCP tool's full name (`mcp__<server>__<tool>`), as claude takes it. */
export function promptToolFlag(name: string): string {
  if (!/^mcp__[^_].*__.+$/.test(name))
    throw new CliError(
      `--permission-prompt-tool: "${name}" is not an MCP tool's name (mcp__<server>__<tool>, from --mcp-config or .mcp.json)`,
    );
  return name;
}
