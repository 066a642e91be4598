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
