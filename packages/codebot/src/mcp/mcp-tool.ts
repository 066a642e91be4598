/**
 * An MCP server's tool as a codebot tool named `mcp__<server>__<tool>`. The model is shown the
 * server's own JSON Schema; arguments are checked against it (as far as zod can read it) before
 * any middleware, and the server checks them again. Calls go through the same middleware as the
 * built-in tools (hooks, approval), so hooks and permission rules see the `mcp__` name.
 */
import type { Tool } from "@codebot/agentcore";
import type { Tool as McpToolInfo } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { ServerConnection } from "./server-connection.js";
import { toToolResult } from "./tool-result.js";

export function mcpToolName(server: string, tool: string): string {
  return `mcp__${server}__${tool}`;
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
 * A zod schema that validates with the server's JSON Schema (converted by zod) and is shown to
 * the model exactly as the server wrote it (zod copies `meta` into its JSON Schema output).
 */
function inputSchemaOf(jsonSchema: McpToolInfo["inputSchema"]): z.ZodType<Record<string, unknown>> {
  let checker: z.ZodType | undefined;
  try {
    checker = z.fromJSONSchema(jsonSchema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch {
    // A schema zod cannot read is still sent to the model; the server validates the call.
  }
  return z
    .looseObject({})
    .superRefine((value, ctx) => {
      const checked = checker?.safeParse(value);
      if (checked && !checked.success)
        for (const issue of checked.error.issues) ctx.addIssue({ ...issue } as never);
    })
    .meta({ ...jsonSchema });
}
