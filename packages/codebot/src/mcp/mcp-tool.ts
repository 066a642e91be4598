/**
 * An MCP server's tool as a codebot tool named `mcp__<server>__<tool>`. The model is shown the
 * server's own JSON Schema; the server checks the arguments against it, not codebot: as in claude
 * 2.1.328 (recorded), PreToolUse sees arguments the schema refuses, and the model reads the server's
 * refusal. Calls go through the same middleware as the built-in tools (hooks, approval), so hooks and
 * permission rules see the `mcp__` name.
 */
import type { Tool } from "@codebot/agentcore";
import type { Tool as McpToolInfo } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { ServerConnection } from "./server-connection.js";
import { toToolResult } from "./tool-result.js";

/**
 * A server's name and its tool's name go into the tool's name with every character other than a
 * letter, digit, `_` or `-` as `_`, as claude 2.1.328 does: a plugin's server `plugin:guard:tools`
 * gives `mcp__plugin_guard_tools__echo`, a tool `get file.txt` `mcp__<server>__get_file_txt`
 * (recorded: a space, `.`, `/`, `é` and a newline each became `_`; the call names the tool as the
 * server wrote it). Names from settings hold no such character. Two tools may come to one name:
 * ToolNameOwners keeps the first.
 */
export function mcpToolName(server: string, tool: string): string {
  return `mcp__${toolNameServerPart(server)}__${asNamePart(tool)}`;
}

/** The server's part of its tools' names (mcpToolName): two servers with the same part would share tool names. */
export function toolNameServerPart(server: string): string {
  return asNamePart(server);
}

function asNamePart(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, "_");
}

export function mcpTool(connection: ServerConnection, info: McpToolInfo): Tool {
  const readOnly = info.annotations?.readOnlyHint === true;
  return {
    name: mcpToolName(connection.name, info.name),
    description: info.description ?? info.title ?? `${info.name} (MCP server ${connection.name})`,
    inputSchema: inputSchemaOf(info.inputSchema),
    // Unless the server says its tool only reads, it may change things: stop-time validation counts it.
    mutating: !readOnly,
    concurrencySafe: readOnly,
    async execute(args: Record<string, unknown>, ctx) {
      return toToolResult(await connection.callTool(info.name, args, ctx.signal), connection.name);
    },
  };
}

/**
 * Any object, shown to the model exactly as the server wrote its schema (zod copies `meta` into its
 * JSON Schema output).
 */
function inputSchemaOf(jsonSchema: McpToolInfo["inputSchema"]): z.ZodType<Record<string, unknown>> {
  return z.looseObject({}).meta({ ...jsonSchema });
}
