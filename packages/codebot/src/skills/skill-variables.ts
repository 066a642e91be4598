import type { Skill } from "./skill.js";

/**
 * `${CLAUDE_SKILL_DIR}` and `${CLAUDE_PLUGIN_ROOT}` filled in, as Claude Code fills them in a
 * skill's or command's text and in its `allowed-tools` (claude 2.1.328, recorded: a plugin
 * command's `Bash(${CLAUDE_PLUGIN_ROOT}/scripts/*)` lets its script run unasked).
 */
export function skillVariables(text: string, skill: Skill): string {
  return text
    .replaceAll("\u0024{CLAUDE_SKILL_DIR}", skill.dir)
    .replaceAll("\u0024{CLAUDE_PLUGIN_ROOT}", skill.plugin?.root ?? skill.dir);
}
