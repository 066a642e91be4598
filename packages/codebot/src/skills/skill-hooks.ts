import { type LoadedHooks, loadHooks } from "@codebot/hooks";
import { hookIfRules } from "../approval/hook-if-rules.js";
import type { Skill } from "./skill.js";

/**
 * A skill's front-matter `hooks`, compiled as a settings layer of the skill's origin (a project
 * skill's hooks are project hooks: they run once approved), honouring Claude Code's `once`.
 * `projectDir` is what path rules in a hook's `if` are relative to.
 */
export function compileSkillHooks(skill: Skill, projectDir: string): LoadedHooks {
  if (skill.hooks === undefined) return { hooks: [], problems: [], disabled: false };
  return loadHooks(
    [
      {
        source: skill.source,
        path: skill.file,
        settings: { hooks: skill.hooks },
        honoursOnce: true,
        ...(skill.plugin ? { plugin: skill.plugin } : {}),
      },
    ],
    { toolRule: hookIfRules(projectDir) },
  );
}
