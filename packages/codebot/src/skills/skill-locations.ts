/**
 * Where skills and commands are looked for, in precedence order (the first of a name wins):
 * the user's (`$CODEBOT_HOME`, then `~/.claude` with Claude Code compatibility on), then the
 * project's (`.codebot/`, then `.claude/`), each level's skills before its commands — Claude Code's
 * order: personal over project, a skill over a command of the same name. Plugins' names carry the
 * plugin's (`plugin:name`), but a command in a sub-folder is named so too (`fmt/lint.md` is
 * `fmt:lint`): your plugins come before the project's folders, so a repository's `fmt/lint.md`
 * cannot take your plugin's `/fmt:lint` and your `Skill(fmt:lint)` rule over; plugins a project
 * switched on come last. The project's and the plugins' files must stay inside the project or the
 * plugin's folder.
 */
import path from "node:path";
import type { PluginFolder } from "../settings/plugin-folder.js";
import type { SkillOrigin } from "./skill.js";

export interface SkillsWhere {
  cwd: string;
  codebotHome: string;
  claudeHome: string;
  /** Claude Code compatibility (settings `claudeCompat`, default on): `.claude/` folders too. */
  claudeCompat: boolean;
  plugins: readonly PluginFolder[];
  /** False under `--safe-mode` and `--restricted`: the user's and the project's folders are not read. Default true. */
  ownFolders?: boolean;
}

/** One folder to read: `skills` holds `<name>/SKILL.md`, `commands` holds `*.md`. */
export interface SkillFolder {
  dir: string;
  origin: Omit<SkillOrigin, "defaultName">;
  /**
   * The repository's own folders, and a plugin's: each file, symlinks resolved, must be inside
   * `root` (the project; the plugin's folder), named `what` in the warning when it is not.
   */
  confinedTo?: { root: string; what: string };
}

export function skillFolders(where: SkillsWhere): SkillFolder[] {
  const homes: [string, SkillOrigin["source"]][] = [[where.codebotHome, "user"]];
  if (where.claudeCompat) homes.push([where.claudeHome, "user"]);
  const project: [string, SkillOrigin["source"]][] = [[path.join(where.cwd, ".codebot"), "project"]];
  if (where.claudeCompat) project.push([path.join(where.cwd, ".claude"), "project"]);
  const own = (level: [string, SkillOrigin["source"]][]): SkillFolder[] =>
    where.ownFolders === false
      ? []
      : (["skill", "command"] as const).flatMap((kind) =>
          level.map(([base, source]) => ({
            dir: path.join(base, folderOf(kind)),
            origin: { kind, source },
            ...(source === "project" ? { confinedTo: { root: where.cwd, what: "the project" } } : {}),
          })),
        );
  const yours = where.plugins.filter((plugin) => plugin.source === "plugin");
  const projects = where.plugins.filter((plugin) => plugin.source !== "plugin");
  return [...own(homes), ...pluginFolders(yours), ...own(project), ...pluginFolders(projects)];
}

function pluginFolders(plugins: readonly PluginFolder[]): SkillFolder[] {
  const out: SkillFolder[] = [];
  for (const plugin of plugins) {
    const source = plugin.source === "plugin" ? "plugin" : "project";
    const named = { name: plugin.name, root: plugin.root, dataDir: plugin.dataDir };
    // A plugin's skill that links out (`skills/x -> ~/.aws`) would put that file before the model.
    const confinedTo = { root: plugin.root, what: `the plugin ${plugin.name}'s folder` };
    for (const kind of ["skill", "command"] as const)
      out.push({
        dir: path.join(plugin.root, folderOf(kind)),
        origin: { kind, source, plugin: named },
        confinedTo,
      });
  }
  return out;
}

function folderOf(kind: "skill" | "command"): string {
  return kind === "skill" ? "skills" : "commands";
}
