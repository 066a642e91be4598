/**
 * The servers an Agent SDK program sets while the session runs (`setMcpServers()`, the
 * `mcp_set_servers` request): read as an inline `--mcp-config` is, each entry on its own (a bad
 * one is an error of its name, the others still load), and `{"type": "sdk"}` as one of the
 * program's in-process servers. The MCP server lists and the organisation's managed-mcp.json hold
 * them as they hold an `--mcp-config` server: a refused one is an error of its name.
 */
import type { SettingsLayer } from "@codebot/hooks";
import { managedServers } from "./managed-servers.js";
import { withoutRefusedServers } from "./refused-servers.js";

import { loadServerEntries, sdkServerEntry } from "./server-entries.js";
import type { ServerEntry } from "./server-entry.js";
import { serverPolicy } from "./server-policy.js";

/** The session's settings the lists come from (ProjectSettings' layers and managedMcpFiles). */
export interface ProgramServerPolicy {
  layers: readonly SettingsLayer[];
  managedMcpFiles?: readonly string[];
}

export function programServerEntries(
  servers: Record<string, unknown>,
  cwd: string,
  policy: ProgramServerPolicy,
): { entries: ServerEntry[]; errors: Record<string, string> } {
  const sdk = Object.keys(servers).filter(
    (name) => (servers[name] as { type?: unknown } | null)?.type === "sdk",
  );
  const others = Object.fromEntries(Object.entries(servers).filter(([name]) => !sdk.includes(name)));
  const { entries, problems } = loadServerEntries({
    cwd,
    layers: [],
    plugins: [],
    mcpConfigs: [JSON.stringify({ mcpServers: others })],
    strict: true,
    projectMcpJson: false,
  });
  const admitted = withoutRefusedServers(
    entries,
    serverPolicy(policy.layers, []),
    managedServers(policy.managedMcpFiles ?? [], [], []).exclusive,
    process.env,
    problems,
  );
  const errors: Record<string, string> = {};
  for (const problem of problems) {
    const name = problem.field?.replace(/^mcpServers\./, "");
    if (name !== undefined && name in servers) errors[name] = problem.message;
  }
  return { entries: [...admitted, ...sdk.map(sdkServerEntry)], errors };
}
