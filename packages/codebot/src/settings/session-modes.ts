/**
 * Claude Code's start-up modes that switch parts of a session off: `--bare` (minimal mode),
 * `--safe-mode` (every customization off, for a broken setup) and `--restricted` (no code-running
 * tools, no settings files of yours or the project's). Each part of the session asks
 * `customizationsOf` whether it is on, so the three modes, alone or together, have one answer.
 * What each mode does was recorded with claude 2.1.328 (docs/claude-code.md).
 */
export interface SessionModes {
  /** `--bare`: only the managed hooks, no instruction file, Bash/Edit/Read at most. */
  bare?: boolean;
  /** `--safe-mode` or `CLAUDE_CODE_SAFE_MODE=1`. */
  safeMode?: boolean;
  /** `--restricted` or `CLAUDE_CODE_RESTRICTED=1`. */
  restricted?: boolean;
}

export interface Customizations {
  /** The user, project and local settings files (and so their hooks, env, rules, MCP servers, installed plugins) are read. */
  personalSettings: boolean;
  /** Only the managed settings' hooks run (and those of plugins they force on): not the user's, the project's, `--settings`' or a plugin's. */
  managedHooksOnly: boolean;
  /** Instruction files (CLAUDE.md, AGENTS.md, `.claude/rules`) are found and read, at start and in nested folders. */
  instructionFiles: boolean;
  /** The user's and the project's skills, commands and agents folders are read. */
  ownFolders: boolean;
  /** Plugins bring their skills, commands, agents and MCP servers. */
  pluginParts: boolean;
  /** `--agents`' sub-agents are offered. */
  cliAgents: boolean;
  /** Any MCP server starts (settings', plugins', `.mcp.json`'s, `--mcp-config`'s). */
  mcpServers: boolean;
  /** The project's `.mcp.json` is read. */
  projectMcpJson: boolean;
  /** The settings' `statusLine` command runs. */
  statusLine: boolean;
}

export function customizationsOf(modes: SessionModes | undefined): Customizations {
  const bare = modes?.bare === true;
  const safe = modes?.safeMode === true;
  const restricted = modes?.restricted === true;
  return {
    personalSettings: !restricted,
    managedHooksOnly: bare || safe,
    instructionFiles: !(bare || safe || restricted),
    ownFolders: !(safe || restricted),
    pluginParts: !safe,
    cliAgents: !safe,
    mcpServers: !safe,
    projectMcpJson: !(safe || restricted),
    statusLine: !safe,
  };
}

/** Claude Code's reading of a switch variable: `1`, `true`, `yes`, `on` (any case). */
export function isSwitchOn(value: unknown): boolean {
  return typeof value === "string" && ["1", "true", "yes", "on"].includes(value.trim().toLowerCase());
}

/** Whether any mode is on (a field to pass on at all). */
export function anyMode(modes: SessionModes | undefined): boolean {
  return modes?.bare === true || modes?.safeMode === true || modes?.restricted === true;
}

/**
 * The built-in tools `--restricted` takes away unless `--tools` names them: those that run
 * commands or code (claude's Bash, PowerShell, Monitor… and WebFetch; codebot's is `bash`).
 */
export const CODE_RUNNING_TOOLS: readonly string[] = ["bash"];

/** The one-line refusal of `auto` (bypassPermissions) under `--restricted`, as claude's. */
export const RESTRICTED_BYPASS_REFUSAL =
  "bypassPermissions is not supported in restricted mode (--restricted)";
