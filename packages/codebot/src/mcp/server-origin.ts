import type { SettingsSource } from "@codebot/hooks";

/**
 * Where a server entry came from. `mcp.json` is the project's `.mcp.json` (Claude Code's file);
 * `mcp-config` is `--mcp-config`; `claude-user` and `claude-local` are `~/.claude.json`'s
 * `mcpServers` and `projects["<project>"].mcpServers` (what `claude mcp add` writes for `-s user`
 * and the default local scope). Entries of the project's files (`mcp.json`, project and local
 * settings) run only once approved; the others are the user's own.
 */
export type ServerOrigin =
  | SettingsSource
  | "mcp.json"
  | "mcp-config"
  | "sdk"
  | "claude-user"
  | "claude-local"
  /** The organisation's managed-mcp.json (managed-servers.ts). */
  | "managed-mcp";

export function needsConsent(origin: ServerOrigin): boolean {
  return origin === "mcp.json" || origin === "project" || origin === "local";
}
