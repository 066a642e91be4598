import { type LoadedHooks, loadHooks } from "@codebot/hooks";
import type { Skill } from "./skill.js";

/**
 * A skill's front-matter `hooks`, compiled as a settings layer of the skill's origin (a project
 * skill's hooks are project hooks: they run once approved), honouring Claude Code's `once`.
 */
export function compileSkillHooks(skill: Skill): LoadedHooks {
  if (skill.hooks === undefined) return { hooks: [], problems: [], disabled: false };
  return loadHooks([
    {
      source: skill.source,
      path: skill.file,
      settings: { hooks: skill.hooks },
      honoursOnce: true,
      ...(skill.plugin ? { plugin: skill.plugin } : {}),
    },
  ]);
}
