import path from "node:path";

/**
 * The folder name for a project under `$CODEBOT_HOME`: its absolute path with every
 * non-alphanumeric character replaced by `-`, as Claude Code names `~/.claude/projects/*`.
 */
export function projectSlug(projectDir: string): string {
  return path.resolve(projectDir).replace(/[^a-zA-Z0-9]/g, "-");
}
