/**
 * Reads every skill and command of a session (skill-locations.ts says where, and which wins a
 * name). A broken file is a problem with its path, never a crash; the others still load. A skill
 * folder or command file may be a symlink (a shared skill) — in the repository's own folders only
 * to somewhere inside the project, in a plugin's only inside the plugin's folder, or its first
 * line would put `~/.aws/credentials` in the
 * `skill` tool's description; command sub-folders that are symlinks are not followed, and each
 * folder yields a bounded number of files, so a hostile repository cannot make startup crawl.
 */
import fs from "node:fs";
import path from "node:path";
import { insideProject } from "../paths/inside-project.js";
import { markdownFilesBelow } from "../paths/markdown-files.js";
import { readSkill, type Skill } from "./skill.js";
import { type SkillFolder, type SkillsWhere, skillFolders } from "./skill-locations.js";

export interface LoadedSkills {
  /** By name, in precedence order of their folders. */
  skills: Map<string, Skill>;
  problems: string[];
}

/** At most this many files per folder. */
const MAX_PER_FOLDER = 200;
/** Commands may sit in sub-folders (`frontend/component.md` is `frontend:component`), this deep. */
const MAX_COMMAND_DEPTH = 3;

export async function loadSkills(where: SkillsWhere): Promise<LoadedSkills> {
  const skills = new Map<string, Skill>();
  const problems: string[] = [];
  for (const folder of skillFolders(where)) {
    for (const { file, name } of filesOf(folder)) {
      const { confinedTo } = folder;
      if (confinedTo !== undefined && !insideProject(file, confinedTo.root)) {
        problems.push(`${file}: links outside ${confinedTo.what}; not loaded`);
        continue;
      }
      const read = await readSkill(file, { ...folder.origin, defaultName: name });
      problems.push(...read.problems);
      const skill = read.skill;
      if (skill === undefined) continue;
      const earlier = skills.get(skill.name);
      if (earlier !== undefined) {
        if (earlier.source !== skill.source || earlier.kind !== skill.kind)
          problems.push(`${file}: /${skill.name} is also defined by ${earlier.file}, which takes precedence`);
        continue;
      }
      skills.set(skill.name, skill);
    }
  }
  return { skills, problems };
}

/** The skill files (`<name>/SKILL.md`) or command files (`**\/*.md`) of a folder, sorted. */
function filesOf(folder: SkillFolder): { file: string; name: string }[] {
  if (folder.origin.kind === "skill") {
    return entries(folder.dir)
      .filter((e) => e.isDirectory() || e.isSymbolicLink())
      .map((e) => ({ file: path.join(folder.dir, e.name, "SKILL.md"), name: e.name }))
      .filter(({ file }) => fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true)
      .slice(0, MAX_PER_FOLDER);
  }
  // A command's name is its path below the folder: `git/commit.md` is `git:commit`.
  return markdownFilesBelow(folder.dir, MAX_PER_FOLDER, MAX_COMMAND_DEPTH).map((file) => ({
    file,
    name: path.relative(folder.dir, file).slice(0, -".md".length).split(path.sep).join(":"),
  }));
}

function entries(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  } catch {
    return [];
  }
}
