/**
 * The MCP servers as claude 2.1.328 lists them to the Agent SDK (recorded with the SDK 0.3.337's
 * `mcpServerStatus()`): each server's `status`, its `serverInfo` (its `initialize` answer's name,
 * title and version) while connected, its `error` once failed, its `config` (a stdio server's
 * `command` and `args`, never its `env`; a remote one's `url`, and its `headers` only when the
 * program gave it), `transport`, `scope` and `source` (claude-provenance.ts), and its tools with
 * what the server says of them (`readOnly`, `destructive`, `openWorld`). The init line names each
 * server with its status and source.
 */
import { claudeMcpScope, claudeMcpSource } from "../../mcp/claude-provenance.js";
import type { ServerStatus } from "../../mcp/mcp-servers.js";
import { isRemote, isSdk } from "../../mcp/server-config.js";

/** codebot's server states as the SDK's `McpServerStatus.status` names them. */
export const SDK_SERVER_STATUS: Readonly<Record<ServerStatus["state"], string>> = {
  starting: "pending",
  connected: "connected",
  failed: "failed",
  "not approved": "disabled",
  closed: "failed",
  disabled: "disabled",
};

/** A server as `mcp_status` answers it. */
export function sdkServerStatus(server: ServerStatus): Record<string, unknown> {
  const scope = claudeMcpScope(server.origin);
  const config = server.config;
  return {
    name: server.name,
    status: SDK_SERVER_STATUS[server.state],
    ...(server.serverInfo !== undefined ? { serverInfo: server.serverInfo } : {}),
    ...(server.error !== undefined ? { error: server.error } : {}),
    ...(isSdk(config)
      ? {}
      : {
          config: isRemote(config)
            ? {
                type: config.type,
                url: config.url,
                // Another file's headers may hold a token the program has no business reading.
                ...(scope === "dynamic" && config.headers !== undefined ? { headers: config.headers } : {}),
              }
            : { type: "stdio", command: config.command, ...(config.args ? { args: config.args } : {}) },
        }),
    transport: isSdk(config) ? "sdk" : isRemote(config) ? config.type : "stdio",
    scope,
    source: claudeMcpSource(server.origin),
    tools: server.tools.map((name) => ({ name, annotations: toolHints(server.toolAnnotations[name]) })),
  };
}

/** A server as the init line names it: `pending`, `connected`, `failed`, or `disabled` (not approved), and its source. */
export function initServerLine(server: ServerStatus): { name: string; status: string; source: string } {
  return {
    name: server.name,
    status: SDK_SERVER_STATUS[server.state],
    source: claudeMcpSource(server.origin),
  };
}

/** claude's tool annotations: only the hints the server set true. */
function toolHints(hints: ServerStatus["toolAnnotations"][string]): Record<string, true> {
  return {
    ...(hints?.readOnlyHint === true ? { readOnly: true } : {}),
    ...(hints?.destructiveHint === true ? { destructive: true } : {}),
    ...(hints?.openWorldHint === true ? { openWorld: true } : {}),
  };
}
