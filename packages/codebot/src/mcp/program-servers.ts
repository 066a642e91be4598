/**
 * The servers an Agent SDK program sets while the session runs (`setMcpServers()`, the
 * `mcp_set_servers` request): read as an inline `--mcp-config` is, each entry on its own (a bad
 * one is an error of its name, the others still load), and `{"type": "sdk"}` as one of the
 * program's in-process servers.
 */

import { loadServerEntries, sdkServerEntry } from "./server-entries.js";
import type { ServerEntry } from "./server-entry.js";

export function programServerEntries(
  servers: Record<string, unknown>,
  cwd: string,
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
  const errors: Record<string, string> = {};
  for (const problem of problems) {
    const name = problem.field?.replace(/^mcpServers\./, "");
    if (name !== undefined && name in servers) errors[name] = problem.message;
  }
  return { entries: [...entries, ...sdk.map(sdkServerEntry)], errors };
}
