import type { Tool } from "@codebot/agentcore";
import type { ShellTool } from "./read-only-bash.js";

/**
 * Where a shell tool's next line runs, read once, and the tool with its working directory fixed
 * there: a line is judged from that folder and must run in it, though a sub-agent's `cd` moves
 * the shell meanwhile. Undefined folder for a tool without a shell.
 */
export function pinnedShell(tool: Tool): { tool: Tool; folder: string | undefined } {
  const folder = (tool as Partial<ShellTool>).workingDirectory?.();
  if (folder === undefined) return { tool, folder };
  return { tool: Object.create(tool, { workingDirectory: { value: () => folder } }) as Tool, folder };
}
