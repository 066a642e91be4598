/**
 * The slash command of an MCP server's prompt, `mcp__<server>__<prompt>`, as claude 2.1.328 names
 * it (recorded with prompts `a.b`, `café` and `x/y`, and plugin guard's server `np`): the server's
 * part as in its tools' names (`plugin_guard_np`), the prompt's name as the server gives it. A
 * command name goes to no model API, so nothing in it needs replacing as in a tool name.
 */
import { toolNameServerPart } from "./mcp-tool.js";

export function promptCommandName(server: string, prompt: string): string {
  return `mcp__${toolNameServerPart(server)}__${prompt}`;
}

/**
 * Whether a prompt's name can be typed as a command: a command's name ends at the first space, and
 * a control character is no name a user types. claude 2.1.328 lists `mcp__np__a b` among its slash
 * commands, yet `/mcp__np__a b` reaches the model as typed (recorded).
 */
export function isTypablePromptName(prompt: string): boolean {
  return prompt !== "" && !/[\s\p{Cc}]/u.test(prompt);
}
