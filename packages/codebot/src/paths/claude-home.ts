import os from "node:os";
import path from "node:path";

/**
 * Claude Code's configuration folder: `$CLAUDE_CONFIG_DIR` as Claude Code honours it, else
 * `~/.claude`. An explicit option wins over the environment.
 */
export function resolveClaudeHome(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  const dir = explicit ?? env.CLAUDE_CONFIG_DIR;
  return dir !== undefined && dir !== "" ? path.resolve(dir) : path.join(os.homedir(), ".claude");
}

/**
 * Claude Code's own state file, where `claude mcp add` writes: `$CLAUDE_CONFIG_DIR/.claude.json`
 * when a configuration folder is set (recorded with claude 2.1.328), else `~/.claude.json`, beside
 * `~/.claude`. An explicit folder counts as `$CLAUDE_CONFIG_DIR` does.
 */
export function resolveClaudeJson(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  const dir = explicit ?? env.CLAUDE_CONFIG_DIR;
  return dir !== undefined && dir !== ""
    ? path.join(path.resolve(dir), ".claude.json")
    : path.join(os.homedir(), ".claude.json");
}
