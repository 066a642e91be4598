/**
 * Where skills and commands are looked for, in precedence order (the first of a name wins):
 * the user's (`$CODEBOT_HOME`, then `~/.claude` with Claude Code compatibility on), then the
 * project's (`.codebot/`, then `.claude/`), each level's skills before its commands — Claude Code's
 * order: personal over project, a skill over a command of the same name. Plugins' come last; their
 * names carry the plugin's (`plugin:name`), so they never collide with the others.
 */
import path from "node:path";
import type { PluginFolder } from "../settings/load-plugins.js";
import type { SkillOrigin } from "./skill.js";

export interface SkillsWhere {
  cwd: string;
  codebotHome: string;
  claudeHome: string;
  /** Claude Code compatibility (settings `claudeCompat`, default on): `.claude/` folders too. */
  claudeCompat: boolean;
  plugins: readonly PluginFolder[];
}

/** One folder to read: `skills` holds `<name>/SKILL.md`, `commands` holds `*.md`. */
export interface SkillFolder {
  dir: string;
  origin: Omit<SkillOrigin, "defaultName">;
  /** The repository's own folders: each file, symlinks resolved, must be inside this project. */
  project?: string;
}

export function skillFolders(where: SkillsWhere): SkillFolder[] {
  const homes: [string, SkillOrigin["source"]][] = [[where.codebotHome, "user"]];
  if (where.claudeCompat) homes.push([where.claudeHome, "user"]);
  const project: [string, SkillOrigin["source"]][] = [[path.join(where.cwd, ".codebot"), "project"]];
  if (where.claudeCompat) project.push([path.join(where.cwd, ".claude"), "project"]);
  const out: SkillFolder[] = [];
  for (const level of [homes, project]) {
    for (const kind of ["skill", "command"] as const)
      for (const [base, source] of level)
        out.push({
          dir: path.join(base, folderOf(kind)),
          origin: { kind, source },
          ...(source === "project" ? { project: where.cwd } : {}),
        });
  }
  for (const plugin of where.plugins) {
    const source = plugin.source === "plugin" ? "plugin" : "project";
    const named = { name: plugin.name, root: plugin.root, dataDir: plugin.dataDir };
    for (const kind of ["skill", "command"] as const)
      out.push({ dir: path.join(plugin.root, folderOf(kind)), origin: { kind, source, plugin: named } });
  }
  return out;
}

function folderOf(kind: "skill" | "command"): string {
  return kind === "skill" ? "skills" : "commands";
}
