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
  project: "project",
  "mcp.json": "project",
  local: "local",
  plugin: "plugin",
  managed: "managed",
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

/** The server of an `mcp__<server>__<tool>` call, from the servers that offer it. */
export function mcpOwnerOf(
  name: string,
  servers: readonly ServerStatus[],
): { server: string; origin: ServerOrigin } | undefined {
  if (!name.startsWith("mcp__")) return undefined;
  for (const server of servers)
    for (const tool of server.tools)
      if (mcpToolName(server.name, tool) === name) return { server: server.name, origin: server.origin };
  return undefined;
}

/** claude's `mcp_server` of a call to an MCP tool: its server's name and source. */
export function claudeMcpServerOf(
  name: string,
  servers: readonly ServerStatus[],
): { name: string; source: string } | undefined {
  const owner = mcpOwnerOf(name, servers);
  return owner === undefined ? undefined : { name: owner.server, source: claudeMcpSource(owner.origin) };
}
