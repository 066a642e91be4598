/**
 * Claude Code's `deniedMcpServers`: a server it names never starts, whatever configured it (your
 * settings, `~/.claude.json`, a project's `.mcp.json`, a plugin, `--mcp-config`). codebot reads
 * the `{"serverName": "…"}` entries from every settings file (a deny only restricts, so a
 * project's counts too); a plugin's server is matched by its own name as well as by
 * `plugin:<plugin>:<server>`. Entries by `serverCommand` or `serverUrl` are not read: the settings
 * loader names the key in its "does not act on" warning while one is there (claude-keys-not-used.ts).
 */
import type { Problem, SettingsLayer } from "@codebot/hooks";
import type { ServerEntry } from "./server-entry.js";

/** The server names the layers deny. */
export function deniedServerNames(layers: readonly SettingsLayer[]): ReadonlySet<string> {
  const names = new Set<string>();
  for (const layer of layers) {
    const list = (layer.settings as { deniedMcpServers?: unknown } | null | undefined)?.deniedMcpServers;
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      const name = (entry as { serverName?: unknown } | null)?.serverName;
      if (typeof name === "string" && name !== "") names.add(name);
    }
  }
  return names;
}

/** The entries without the denied servers, and a warning for each one left out. */
export function withoutDeniedServers(
  entries: readonly ServerEntry[],
  denied: ReadonlySet<string>,
  problems: Problem[],
): ServerEntry[] {
  if (denied.size === 0) return [...entries];
  return entries.filter((entry) => {
    const own = entry.name.startsWith("plugin:")
      ? entry.name.slice(entry.name.lastIndexOf(":") + 1)
      : entry.name;
    if (!denied.has(entry.name) && !denied.has(own)) return true;
    problems.push({
      severity: "warning",
      scope: "settings",
      file: entry.file,
      field: `mcpServers.${own}`,
      message: `MCP server "${entry.name}" is in deniedMcpServers: it does not start`,
    });
    return false;
  });
}
