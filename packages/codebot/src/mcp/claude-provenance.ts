/**
 * Where an MCP server came from, in the words of claude 2.1.328's lines (recorded under the Agent
 * SDK 0.3.337): `source` (the SDK's `McpServerProvenance`: `mcp_server.source` of `can_use_tool`
 * and of tool hooks' input, `mcp_servers[].source` of the init line, `mcpServerStatus()`'s
 * `source`) and `scope` (`mcpServerStatus()`'s). The program's own servers (`--mcp-config`, the
 * SDK's `mcpServers`) are `dynamic`; its in-process ones have source `sdk`, scope `dynamic`.
 */
import type { ServerStatus } from "./mcp-servers.js";
import { mcpToolName } from "./mcp-tool.js";
import type { ServerOrigin } from "./server-origin.js";

const SOURCE: Readonly<Record<ServerOrigin, string>> = {
  sdk: "sdk",
  "mcp-config": "dynamic",
  cli: "dynamic",
  user: "user",
  "claude-user": "user",
  "claude-local": "local",
  project: "project",
  "mcp.json": "project",
  local: "local",
  plugin: "plugin",
  managed: "managed",
  // claude 2.1.328's init line names a managed-mcp.json server's source so (recorded).
  "managed-mcp": "enterprise",
};

const SCOPE: Readonly<Record<ServerOrigin, string>> = {
  ...SOURCE,
  sdk: "dynamic",
  plugin: "dynamic",
  managed: "enterprise",
};

export function claudeMcpSource(origin: ServerOrigin): string {
  return SOURCE[origin];
}

export function claudeMcpScope(origin: ServerOrigin): string {
  return SCOPE[origin];
}

/** The server of an `mcp__<server>__<tool>` call, from the servers that offer it, and the bare tool name. */
export function mcpOwnerOf(
  name: string,
  servers: readonly ServerStatus[],
):
  | { server: string; origin: ServerOrigin; tool: string; serverInfo?: ServerStatus["serverInfo"] }
  | undefined {
  if (!name.startsWith("mcp__")) return undefined;
  for (const server of servers)
    for (const tool of server.tools)
      if (mcpToolName(server.name, tool) === name)
        return { server: server.name, origin: server.origin, tool, serverInfo: server.serverInfo };
  return undefined;
}

/**
 * claude's `display_name` of an MCP tool, as claude 2.1.328 makes it: the name after its last
 * `__`, `_` as spaces, each word's first letter capitalized (`get_sum` → `Get Sum`,
 * `toggle-simulated-logging` → `Toggle-Simulated-Logging`, recorded).
 */
export function claudeDisplayName(name: string): string {
  return (name.split("__").pop() || name).replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

/**
 * claude's `tool_use_meta` of an assistant message's MCP tool calls (recorded): each call's
 * `display_name`, its server as the server names itself (`serverInfo.name`, else its name in the
 * settings) and its bare tool name. Empty when the message calls no MCP tool.
 */
export function claudeToolUseMeta(
  blocks: readonly unknown[],
  servers: readonly ServerStatus[],
): Record<string, unknown>[] {
  return blocks.flatMap((block) => {
    const { type, id, name } = block as { type?: unknown; id?: unknown; name?: unknown };
    if (type !== "tool_use" || typeof id !== "string" || typeof name !== "string") return [];
    const owner = mcpOwnerOf(name, servers);
    if (owner === undefined) return [];
    const serverName = owner.serverInfo?.name;
    return [
      {
        id,
        display_name: claudeDisplayName(name),
        server_display_name: typeof serverName === "string" ? serverName : owner.server,
        tool_name: owner.tool,
      },
    ];
  });
}

/** claude's `mcp_server` of a call to an MCP tool: its server's name and source. */
export function claudeMcpServerOf(
  name: string,
  servers: readonly ServerStatus[],
): { name: string; source: string } | undefined {
  const owner = mcpOwnerOf(name, servers);
  return owner === undefined ? undefined : { name: owner.server, source: claudeMcpSource(owner.origin) };
}
